// Capsule guest Intl locale data, part 3 of 3 (nl, ja, zh, ru), loaded by intl-core.js (through the prelude's guestFile
// power) the first time a run needs a locale it holds. Generated: extracted from Node 20 / ICU 78 (CLDR 48); one string
// per locale ("key value" lines) because string literals parse far faster than object literals or code in QuickJS (see
// guest/README.md, "Regenerating the data"). Split in three only to keep each file under 400 lines. Plain ES2020 global
// script; completion value: { <locale>: <record text> }.
// Refuses host access and global state: it is data, and assigns no global.
(function () {
  "use strict";
  // @@DATA-BEGIN part 3
  return {
    "nl": `n ,.
cp ¤\u00a0-#
ccp -¤\u00a0#
$USD US$/$
$JPY JP¥/¥
$CAD C$/$
$AUD AU$/$
#USD Amerikaanse dollar
#EUR euro
#GBP Britse pond
#JPY Japanse yen
#CHF Zwitserse frank
#CAD Canadese dollar
#AUD Australische dollar
#INR Indiase roepie
#BRL Braziliaanse real
ulkilometer # kilometer
unkilometer # km
ulmeter # meter
unmeter # m
ulkilogram # kilogram
unkilogram # kg
ulbyte # byte
unbyte # byte
ulkilobyte # kilobyte
unkilobyte # kB
ulmegabyte # megabyte
unmegabyte # MB
ulsecond # seconde/# seconden
unsecond # s
ulminute # minuut/# minuten
unminute # m
ushour # uur
ulhour # uur
unhour # u
usday # dag/# dagen
ulday # dag/# dagen
unday # d
ulpercent # procent
ulcelsius # graad Celsius/# graden Celsius
uncelsius #°
ks 3:3:K;6:6:\u00a0mln.;9:9:\u00a0mld.;12:12:\u00a0bln.
kl 3:3: duizend;6:6: miljoen;9:9: miljard;12:12: biljoen
ml januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december
ms jan|feb|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec
wl zondag|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag
ws zo|ma|di|wo|do|vr|za
wn Z|M|D|W|D|V|Z
ap a.m.|p.m.
er n.Chr.|na Christus|n.C.|v.Chr.|voor Christus|v.C.
tz gecoördineerde wereldtijd
hc 23
p yMd=d-M-y;yMMMd=d MMM y;yMEd=E d-M-y;yMMMEd=E d MMM y;yM=M-y;Md=d-M;MMMd=d MMM;MEd=E d-M;MMMEd=E d MMM;Ed=E d;hms=h:mm:ss a;Hmm=H:mm;Hmmss=H:mm:ss;hmz=h:mm a z;Gf={1}' om '{0};GyMd=d/M/y G;Hmsz=H:mm:ss z;Ds=dd-MM-y
rl {0} geleden|over {0};# jaar|~vorig jaar~dit jaar~volgend jaar~;# kwartaal/# kwartalen|~vorig kwartaal~dit kwartaal~volgend kwartaal~;# maand/# maanden|~vorige maand~deze maand~volgende maand~;# week/# weken|~vorige week~deze week~volgende week~;# dag/# dagen|eergisteren~gisteren~vandaag~morgen~overmorgen;# uur|~~binnen een uur~~;# minuut/# minuten|~~binnen een minuut~~;# seconde/# seconden|~~nu~~
rs {0} geleden|over {0};# jaar|~vorig jaar~dit jaar~volgend jaar~;# kwart.|~vorig kwartaal~dit kwartaal~volgend kwartaal~;# maand/# maanden|~vorige maand~deze maand~volgende maand~;# week/# weken|~vorige week~deze week~volgende week~;# dag/# dgn|eergisteren~gisteren~vandaag~morgen~overmorgen;# uur|~~binnen een uur~~;# min.|~~binnen een minuut~~;# sec.|~~nu~~
rn {0} geleden|over {0};# jaar|~vorig jaar~dit jaar~volgend jaar~;# kw.|~vorig kwartaal~dit kwartaal~volgend kwartaal~;# maand/# maanden|~vorige maand~deze maand~volgende maand~;# week/# weken|~vorige week~deze week~volgende week~;# dag/# dgn|eergisteren~gisteren~vandaag~morgen~overmorgen;# uur|~~binnen een uur~~;# min.|~~binnen een minuut~~;# sec.|~~nu~~
lcl  en |, |, | en 
lcs  & |, |, | & 
ldl  of |, |, | of 
lds  of |, |, | of 
ldn  of |, |, | of 
lul  en |, |, | en 
lun , |, |, |, `,
    "ja": `$JPY ￥
$CNY 元/￥
cq -#¤
#USD 米ドル
#EUR ユーロ
#GBP 英国ポンド
#JPY 円
#CHF スイス フラン
#CAD カナダ ドル
#AUD オーストラリア ドル
#CNY 中国人民元
#INR インド ルピー
#BRL ブラジル レアル
ulkilometer # キロメートル
ulmeter # メートル
ulkilogram # キログラム
ulbyte # バイト
uskilobyte # KB
ulkilobyte # キロバイト
unkilobyte #KB
ulmegabyte # メガバイト
ussecond # 秒
ulsecond # 秒
usminute # 分
ulminute # 分
ushour # 時間
ulhour # 時間
usday # 日
ulday # 日
ulpercent # パーセント
ulcelsius 摂氏 # 度
ks 3:0:;4:4:万;8:8:億;12:12:兆;16:16:京
kl 3:0:;4:4:万;8:8:億;12:12:兆;16:16:京
ml 1|2|3|4|5|6|7|8|9|10|11|12
ms 1|2|3|4|5|6|7|8|9|10|11|12
mn 1|2|3|4|5|6|7|8|9|10|11|12
wl 日曜日|月曜日|火曜日|水曜日|木曜日|金曜日|土曜日
ws 日|月|火|水|木|金|土
wn 日|月|火|水|木|金|土
ap 午前|午後
er 西暦|西暦|AD|紀元前|紀元前|BC
tz 協定世界時
hc 23
p yMd=y/M/d;yMMMd=y年M月d日;yMEd=y/M/d(E);yMMMEd=y年M月d日(E);yM=y/M;yMMM=y年M月;MMMd=M月d日;MEd=M/d(E);MMMEd=M月d日(E);y=y年;M=M月;MMM=M月;d=d日;Ed=d日(E);yE=y年 E;Gy=Gy年;h=ah時;hms=ah:mm:ss;H=H時;Hms=H:mm:ss;hmz=ah:mm z;Hmz=H:mm z;hz=ah時 z;Hz=H時 z;Gf={1} {0};Gm={1} {0};yMMMEEEEd=y年M月d日EEEE;yMEEEEd=y/M/dEEEE;GyMd=Gy/M/d;Tf=H時mm分ss秒 zzzz;Dm=y/MM/dd;Ds=y/MM/dd;yMMMMEEEEd=y年M月d日EEEE;MMMMEEEEd=M月d日EEEE
rl {0}前|{0}後;# 年|~昨年~今年~来年~;# 四半期|~前四半期~今四半期~翌四半期~;# か月|~先月~今月~来月~;# 週間|~先週~今週~来週~;# 日|一昨日~昨日~今日~明日~明後日;# 時間|~~1 時間以内~~;# 分|~~1 分以内~~;# 秒|~~今~~
rs =rl
rn {0}前|{0}後;#年|~昨年~今年~来年~;#四半期|~前四半期~今四半期~翌四半期~;#か月|~先月~今月~来月~;#週間|~先週~今週~来週~;#日|一昨日~昨日~今日~明日~明後日;#時間|~~1 時間以内~~;#分|~~1 分以内~~;#秒|~~今~~
lcl 、|、|、|、
lcs 、|、|、|、
lcn 、|、|、|、
ldl または|、|、|、または
lds または|、|、|、または
ldn または|、|、|、または
lul  | | | 
lus  | | | 
lun |||`,
    "zh": `$USD US$/$
$JPY JP¥/¥
$AUD AU$/$
$CNY ¥
cq -#¤
#USD 美元
#EUR 欧元
#GBP 英镑
#JPY 日元
#CHF 瑞士法郎
#CAD 加拿大元
#AUD 澳大利亚元
#CNY 人民币
#INR 印度卢比
#BRL 巴西雷亚尔
uskilometer #公里
ulkilometer #公里
unkilometer #公里
usmeter #米
ulmeter #米
unmeter #米
ulkilogram #千克
usbyte # B
ulbyte #字节
unbyte # B
ulkilobyte #千字节
unkilobyte # kB
ulmegabyte #兆字节
unmegabyte # MB
ussecond #秒
ulsecond #秒钟
unsecond #秒
usminute #分钟
ulminute #分钟
unminute #分钟
ushour #小时
ulhour #小时
unhour #小时
usday #天
ulday #天
unday #天
ulpercent #%
ulcelsius #摄氏度
ks 3:0:;4:4:万;8:8:亿;12:12:万亿
kl 3:0:;4:4:万;8:8:亿;12:12:万亿
ml 1|2|3|4|5|6|7|8|9|10|11|12
mlS 一月|二月|三月|四月|五月|六月|七月|八月|九月|十月|十一月|十二月
ms 1|2|3|4|5|6|7|8|9|10|11|12
msS 1月|2月|3月|4月|5月|6月|7月|8月|9月|10月|11月|12月
mn 1|2|3|4|5|6|7|8|9|10|11|12
wl 星期日|星期一|星期二|星期三|星期四|星期五|星期六
ws 周日|周一|周二|周三|周四|周五|周六
wn 日|一|二|三|四|五|六
ap 上午|下午
er 公元|公元|公元|公元前|公元前|公元前
tz 协调世界时
hc 23
p yMd=y/M/d;yMMMd=y年M月d日;yMEd=y/M/dE;yMMMEd=y年M月d日E;yM=y/M;yMMM=y年M月;MMMd=M月d日;MEd=M/dE;MMMEd=M月d日E;y=y年;M=M月;MMM=LLL;d=d日;Ed=d日E;yE=y年 E;Gy=Gy年;yMM=y年M月;yyMM=yy年M月;h=ah时;hms=ah:mm:ss;H=H时;Hmm=H:mm;Hmmss=H:mm:ss;hmz=zah:mm;Hmz=z HH:mm;hz=zah时;Hz=zH时;Gf={1} {0};Gm={1} {0};yMEEEEd=y年M月d日EEEE;GyMd=Gy-MM-dd;hmsz=zah:mm:ss;Hmsz=z H:mm:ss;Tf=zzzz HH:mm:ss;Tl=z HH:mm:ss;Ds=y/M/d
rl {0}前|{0}后;#年|~去年~今年~明年~;#个季度|~上季度~本季度~下季度~;#个月|~上个月~本月~下个月~;#周|~上周~本周~下周~;#天|前天~昨天~今天~明天~后天;#小时|~~这一时间 / 此时~~;#分钟|~~此刻~~;#秒钟|~~现在~~
rs {0}前|{0}后;#年|~去年~今年~明年~;#个季度|~上季度~本季度~下季度~;#个月|~上个月~本月~下个月~;#周|~上周~本周~下周~;#天|前天~昨天~今天~明天~后天;#小时|~~这一时间 / 此时~~;#分钟|~~此刻~~;#秒|~~现在~~
rn =rs
lcl 和|、|、|和
lcs 和|、|、|和
lcn 、|、|、|、
ldl 或|、|、|或
lds 或|、|、|或
ldn 或|、|、|或
lul |||
lus |||
lun |||`,
    "ru": `n ,\u00a0
pp -#\u00a0%
cp -#\u00a0¤
nan не\u00a0число
kp -# %
#USD доллара США/долларов США/доллар США/доллара США
#EUR евро
#GBP британских фунта стерлингов/британских фунтов стерлингов/британский фунт стерлингов/британского фунта стерлингов
#JPY японские иены/японских иен/японская иена/японской иены
#CHF швейцарских франка/швейцарских франков/швейцарский франк/швейцарского франка
#CAD канадских доллара/канадских долларов/канадский доллар/канадского доллара
#AUD австралийских доллара/австралийских долларов/австралийский доллар/австралийского доллара
#CNY китайских юаня/китайских юаней/китайский юань/китайского юаня
#INR индийские рупии/индийских рупий/индийская рупия/индийской рупии
#BRL бразильских реала/бразильских реалов/бразильский реал/бразильского реала
uskilometer # км
ulkilometer # километра/# километров/# километр/# километра
unkilometer # км
usmeter # м
ulmeter # метра/# метров/# метр/# метра
unmeter # м
uskilogram # кг
ulkilogram # килограмма/# килограмм/# килограмм/# килограмма
unkilogram # кг
usbyte # Б
ulbyte # байта/# байт/# байт/# байта
unbyte # Б
uskilobyte # кБ
ulkilobyte # килобайта/# килобайт/# килобайт/# килобайта
unkilobyte # кБ
usmegabyte # МБ
ulmegabyte # мегабайта/# мегабайт/# мегабайт/# мегабайта
unmegabyte # МБ
ussecond # с
ulsecond # секунды/# секунд/# секунда/# секунды
unsecond # с
usminute # мин
ulminute # минуты/# минут/# минута/# минуты
unminute # мин
ushour # ч
ulhour # часа/# часов/# час/# часа
unhour # ч
usday # дн.
ulday # дня/# дней/# день/# дня
unday # д.
uspercent #\u00a0%
ulpercent # процента/# процентов/# процент/# процента
unpercent #\u00a0%
uscelsius # °C
ulcelsius # градуса Цельсия/# градусов Цельсия/# градус Цельсия/# градуса Цельсия
uncelsius # °C
ks 3:3:\u00a0тыс.;6:6:\u00a0млн;9:9:\u00a0млрд;12:12:\u00a0трлн
kl 3:3: тысячи/ тысяч/ тысяча/ тысячи;6:6: миллиона/ миллионов/ миллион/ миллиона;9:9: миллиарда/ миллиардов/ миллиард/ миллиарда;12:12: триллиона/ триллионов/ триллион/ триллиона
ml января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря
mlS январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь
ms янв.|февр.|мар.|апр.|мая|июн.|июл.|авг.|сент.|окт.|нояб.|дек.
msS янв.|февр.|март|апр.|май|июнь|июль|авг.|сент.|окт.|нояб.|дек.
mn Я|Ф|М|А|М|И|И|А|С|О|Н|Д
wl воскресенье|понедельник|вторник|среда|четверг|пятница|суббота
ws вс|пн|вт|ср|чт|пт|сб
wn В|П|В|С|Ч|П|С
er н. э.|от Рождества Христова|н.э.|до н. э.|до Рождества Христова|до н.э.
tz Всемирное координированное время
hc 23
p yMd=dd.MM.y;yMMMd=d MMM y\u202fг.;yMEd=E, dd.MM.y;yMMMEd=E, d MMM y\u202fг.;yM=MM.y;yMMM=LLL y\u202fг.;Md=dd.MM;MMMd=d MMM;MEd=E, dd.MM;MMMEd=E, d MMM;MMM=LLL;Ed=E, d;Gy=y\u202fг. G;Mdd=dd.M;MMd=d.MM;yMMd=d.MM.y;yMdd=dd.M.y;H=H;Hmm=H:mm;Hmmss=H:mm:ss;hz=h\u202fa, z;Hz=HH ч. z;Gf={1} в {0};Hmsz=H:mm:ss z;Ds=dd.MM.y
rl {0} назад|через {0};# года/# лет/# год/# года|~в прошлом году~в этом году~в следующем году~;# квартала/# кварталов/# квартал/# квартала|~в прошлом квартале~в текущем квартале~в следующем квартале~;# месяца/# месяцев/# месяц/# месяца|~в прошлом месяце~в этом месяце~в следующем месяце~;# недели/# недель/# неделю/# недели|~на прошлой неделе~на этой неделе~на следующей неделе~;# дня/# дней/# день/# дня|позавчера~вчера~сегодня~завтра~послезавтра;# часа/# часов/# час/# часа|~~в этот час~~;# минуты/# минут/# минуту/# минуты|~~в эту минуту~~;# секунды/# секунд/# секунду/# секунды|~~сейчас~~
rs ;# г. назад/# л. назад/# г. назад/# г. назад|через # г./через # л./через # г./через # г.|~в прошлом г.~в этом г.~в след. г.~;# кв. назад|через # кв.|~последний кв.~текущий кв.~следующий кв.~;# мес. назад|через # мес.|~в прошлом мес.~в этом мес.~в следующем мес.~;# нед. назад|через # нед.|~на прошлой нед.~на этой нед.~на следующей нед.~;# дн. назад|через # дн.|позавчера~вчера~сегодня~завтра~послезавтра;# ч назад|через # ч|~~в этот час~~;# мин. назад|через # мин.|~~в эту минуту~~;# сек. назад|через #\u00a0сек.|~~сейчас~~
rn -{0}|+{0};# г./# л./# г./# г.|~в пр. г.~в эт. г.~в сл. г.~;# кв.|~посл. кв.~тек. кв.~след. кв.~;# мес.|~в пр. мес.~в эт. мес.~в след. мес.~;# нед.|~на пр. нед.~на эт. нед.~на след. нед.~;# дн.|позавчера~вчера~сегодня~завтра~послезавтра;# ч|~~в этот час~~;# мин|~~в эту минуту~~;# с|~~сейчас~~
lcl  и |, |, | и 
lcs  и |, |, | и 
ldl  или |, |, | или 
lds  или |, |, | или 
ldn  или |, |, | или 
lul  | | | 
lus  | | | `
  };
  // @@DATA-END part 3
})();
