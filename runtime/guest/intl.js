// capsule guest polyfill: a compact, deterministic Intl for QuickJS.
// Plain ES2020 global script; no imports, no host access. The completion
// value is the object returned by the IIFE at the bottom.
// Locale data below was extracted from Node 20 / ICU 78 (CLDR 48); one
// string per locale ("key value" lines) because string literals parse far
// faster than object literals or code in QuickJS. Locales inherit missing
// keys from their parent (en-GB -> en, de -> en).
(function () {
  "use strict";
  // @@DATA-BEGIN
  var DATA = {
    "en": `n .,
g2 
mg 1
pp -#%
cp -¤#
$USD $
$EUR €
$GBP £
$JPY ¥
$CHF CHF
$CAD CA$/$
$AUD A$/$
$CNY CN¥/¥
$INR ₹
$BRL R$
cq -# ¤
#USD US dollar/US dollars
#EUR euro/euros
#GBP British pound/British pounds
#JPY Japanese yen
#CHF Swiss franc/Swiss francs
#CAD Canadian dollar/Canadian dollars
#AUD Australian dollar/Australian dollars
#CNY Chinese yuan
#INR Indian rupee/Indian rupees
#BRL Brazilian real/Brazilian reals
uskilometer # km
ulkilometer # kilometer/# kilometers
unkilometer #km
usmeter # m
ulmeter # meter/# meters
unmeter #m
uskilogram # kg
ulkilogram # kilogram/# kilograms
unkilogram #kg
usbyte # byte
ulbyte # byte/# bytes
unbyte #B
uskilobyte # kB
ulkilobyte # kilobyte/# kilobytes
unkilobyte #kB
usmegabyte # MB
ulmegabyte # megabyte/# megabytes
unmegabyte #MB
ussecond # sec
ulsecond # second/# seconds
unsecond #s
usminute # min
ulminute # minute/# minutes
unminute #m
ushour # hr
ulhour # hour/# hours
unhour #h
usday # day/# days
ulday # day/# days
unday #d
uspercent #%
ulpercent # percent
unpercent #%
uscelsius #°C
ulcelsius # degree Celsius/# degrees Celsius
uncelsius #°C
ks 3:3:K;6:6:M;9:9:B;12:12:T
kl 3:3: thousand;6:6: million;9:9: billion;12:12: trillion
ml January|February|March|April|May|June|July|August|September|October|November|December
ms Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec
mn J|F|M|A|M|J|J|A|S|O|N|D
wl Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday
ws Sun|Mon|Tue|Wed|Thu|Fri|Sat
wn S|M|T|W|T|F|S
ap AM|PM
er AD|Anno Domini|A|BC|Before Christ|B
tz Coordinated Universal Time
hc 12
p yMd=M/d/y;yMMMd=MMM d, y;yMEd=E, M/d/y;yMMMEd=E, MMM d, y;yM=M/y;yMMM=MMM y;Md=M/d;MMMd=MMM d;MEd=E, M/d;MMMEd=E, MMM d;y=y;M=M;MMM=MMM;d=d;E=E;Ed=d E;yE=y E;Gy=y G;h=h\u202fa;hms=h:mm:ss\u202fa;H=HH;Hms=HH:mm:ss;m=m;ms=mm:ss;s=s;mm=m;ss=s;hmz=h:mm\u202fa z;Hmz=HH:mm z;hz=h\u202fa z;Hz=HH'h 'z;Gf={1}' at '{0};Gm={1}, {0}
rl {0} ago|in {0};# year/# years|~last year~this year~next year~;# quarter/# quarters|~last quarter~this quarter~next quarter~;# month/# months|~last month~this month~next month~;# week/# weeks|~last week~this week~next week~;# day/# days|~yesterday~today~tomorrow~;# hour/# hours|~~this hour~~;# minute/# minutes|~~this minute~~;# second/# seconds|~~now~~
rs {0} ago|in {0};# yr.|~last yr.~this yr.~next yr.~;# qtr./# qtrs.|~last qtr.~this qtr.~next qtr.~;# mo.|~last mo.~this mo.~next mo.~;# wk.|~last wk.~this wk.~next wk.~;# day/# days|~yesterday~today~tomorrow~;# hr.|~~this hour~~;# min.|~~this minute~~;# sec.|~~now~~
rn {0} ago|in {0};#y|~last yr.~this yr.~next yr.~;#q|~last qtr.~this qtr.~next qtr.~;#mo|~last mo.~this mo.~next mo.~;#w|~last wk.~this wk.~next wk.~;#d|~yesterday~today~tomorrow~;#h|~~this hour~~;#m|~~this minute~~;#s|~~now~~
lcl  and |, |, |, and 
lcs  & |, |, |, & 
lcn , |, |, |, 
ldl  or |, |, |, or 
lds  or |, |, |, or 
ldn  or |, |, |, or 
lul , |, |, |, 
lus , |, |, |, 
lun  | | | `,
    "en-GB": `$USD US$/$
$JPY JP¥/¥
ulkilometer # kilometre/# kilometres
ulmeter # metre/# metres
ussecond # sec/# secs
usminute # min/# mins
ushour # hr/# hrs
ulpercent # per cent
ks 3:3:k;6:6:m;9:9:bn;12:12:tn
ms Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec
ap am|pm
hc 23
p yMd=dd/MM/y;yMMMd=d MMM y;yMEd=E, dd/MM/y;yMMMEd=E, d MMM y;yM=MM/y;Md=dd/MM;MMMd=d MMM;MEd=E dd/MM;MMMEd=E d MMM;Ed=E d;Mdd=dd/M;MMd=d/MM;yMMd=d/MM/y;yMdd=dd/M/y;Hmm=H:mm;Hmmss=H:mm:ss;Hmsz=H:mm:ss z;Ds=dd/MM/y
rs {0} ago|in {0};# yr|~last yr~this yr~next yr~;# qtr|~last qtr.~this qtr.~next qtr.~;# mo|~last mo~this mo~next mo~;# wk|~last wk~this wk~next wk~;# day/# days|~yesterday~today~tomorrow~;# hr|~~this hour~~;# min|~~this minute~~;# sec|~~now~~
rn =rs
lcl  and |, |, | and 
lcs  and |, |, | and 
ldl  or |, |, | or 
lds  or |, |, | or 
ldn  or |, |, | or `,
    "en-IN": `g2 1
$JPY JP¥/¥
ulkilometer # kilometre/# kilometres
ulmeter # metre/# metres
ussecond # sec/# secs
usminute # min/# mins
ushour # hr/# hrs
ulpercent # per cent
ks 3:3:K;5:5:L;7:7:Cr;10:10:KCr;12:12:LCr
kl 3:3: thousand;5:5:\u202flakh;7:7:\u202fcrore;12:12:\u202flakh\u202fcrore
ms Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec
ap am|pm
p yMd=d/M/y;yMMMd=d MMM y;yMEd=E, d/M/y;yMMMEd=E, d MMM, y;yM=MM/y;Md=dd/MM;MMMd=d MMM;MEd=E, dd/MM;MMMEd=E, d MMM;Ed=E d;Mdd=dd/M;MMd=d/MM;yMMMMEd=E, d MMMM y;yMMMEEEEd=EEEE, d MMM y;GyMd=dd/MM/y G;Ds=dd/MM/yy
rs {0} ago|in {0};# yr|~last yr~this yr~next yr~;# qtr|~last qtr.~this qtr.~next qtr.~;# mo|~last mo~this mo~next mo~;# wk|~last wk~this wk~next wk~;# day/# days|~yesterday~today~tomorrow~;# hr|~~this hour~~;# min|~~this minute~~;# sec|~~now~~
rn =rs
lcl  and |, |, | and 
lcs  and |, |, | and 
lcn , |, |, |, and 
ldl  or |, |, | or 
lds  or |, |, | or 
ldn  or |, |, | or `,
    "de": `n ,.
pp -#\u00a0%
cp -#\u00a0¤
kp -# %
$AUD AU$/$
#USD US-Dollar
#EUR Euro
#GBP Britisches Pfund/Britische Pfund
#JPY Japanischer Yen/Japanische Yen
#CHF Schweizer Franken
#CAD Kanadischer Dollar/Kanadische Dollar
#AUD Australischer Dollar/Australische Dollar
#CNY Chinesischer Yuan/Renminbi Yuan
#INR Indische Rupie/Indische Rupien
#BRL Brasilianischer Real/Brasilianische Real
ulkilometer # Kilometer
unkilometer # km
ulmeter # Meter
unmeter # m
ulkilogram # Kilogramm
unkilogram # kg
usbyte #\u00a0Byte/# Byte
ulbyte #\u00a0Byte/# Byte
unbyte # B
ulkilobyte #\u00a0Kilobyte/# Kilobyte
unkilobyte # kB
ulmegabyte #\u00a0Megabyte/# Megabyte
unmegabyte # MB
ussecond # Sek.
ulsecond # Sekunde/# Sekunden
unsecond # Sek.
usminute # Min.
ulminute # Minute/# Minuten
unminute # Min.
ushour # Std.
ulhour # Stunde/# Stunden
usday # Tg.
ulday # Tag/# Tage
unday # T
uspercent #\u00a0%
ulpercent # Prozent
unpercent #\u00a0%
uscelsius # °C
ulcelsius # Grad Celsius
uncelsius # °C
ks 3:0:;6:6:\u00a0Mio.;9:9:\u00a0Mrd.;12:12:\u00a0Bio.
kl 3:3: Tausend;6:6: Million/ Millionen;9:9: Milliarde/ Milliarden;12:12: Billion/ Billionen
ml Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember
ms Jan.|Feb.|März|Apr.|Mai|Juni|Juli|Aug.|Sept.|Okt.|Nov.|Dez.
msS Jan|Feb|Mär|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez
wl Sonntag|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag
ws So.|Mo.|Di.|Mi.|Do.|Fr.|Sa.
wn S|M|D|M|D|F|S
wsS So|Mo|Di|Mi|Do|Fr|Sa
er n. Chr.|n. Chr.|n. Chr.|v. Chr.|v. Chr.|v. Chr.
tz Koordinierte Weltzeit
hc 23
p yMd=d.M.y;yMMMd=d. MMM y;yMEd=E, d.M.y;yMMMEd=E, d. MMM y;Md=d.M.;MMMd=d. MMM;MEd=E, d.M.;MMMEd=E, d. MMM;MMM=LLL;E=c;Ed=E, d.;yE=y c;MMd=dd.MM.;H=HH' Uhr';Hmm=H:mm;Hmmss=H:mm:ss;Hz=HH' Uhr 'z;Gf={1}' um '{0};MMMM=MMMM;EEEE=EEEE;GyMd=dd.MM.y G;Hmsz=H:mm:ss z;Dm=dd.MM.y;Ds=dd.MM.yy
rl vor{0}|in{0}; # Jahr/ # Jahren|~letztes Jahr~dieses Jahr~nächstes Jahr~; # Quartal/ # Quartalen|~letztes Quartal~dieses Quartal~nächstes Quartal~; # Monat/ # Monaten|~letzten Monat~diesen Monat~nächsten Monat~; # Woche/ # Wochen|~letzte Woche~diese Woche~nächste Woche~; # Tag/ # Tagen|vorgestern~gestern~heute~morgen~übermorgen; # Stunde/ # Stunden|~~in dieser Stunde~~; # Minute/ # Minuten|~~in dieser Minute~~; # Sekunde/ # Sekunden|~~jetzt~~
rs ;vor # Jahr/vor # Jahren|in # Jahr/in # Jahren|~letztes Jahr~dieses Jahr~nächstes Jahr~;vor # Quart.|in # Quart.|~letztes Quartal~dieses Quartal~nächstes Quartal~;vor # Monat/vor #\u00a0Monaten|in # Monat/in # Monaten|~letzten Monat~diesen Monat~nächsten Monat~;vor # Woche/vor # Wochen|in # Woche/in # Wochen|~letzte Woche~diese Woche~nächste Woche~;vor # Tag/vor # Tagen|in # Tag/in # Tagen|vorgestern~gestern~heute~morgen~übermorgen;vor # Std.|in # Std.|~~in dieser Stunde~~;vor # Min.|in # Min.|~~in dieser Minute~~;vor # Sek.|in # Sek.|~~jetzt~~
rn ;vor # Jahr/vor # Jahren|in # Jahr/in # Jahren|~letztes Jahr~dieses Jahr~nächstes Jahr~;vor # Q|in # Q|~letztes Quartal~dieses Quartal~nächstes Quartal~;vor #\u00a0Monat/vor # Monaten|in # Monat/in # Monaten|~letzten Monat~diesen Monat~nächsten Monat~;vor # Wo.|in # Wo.|~letzte Woche~diese Woche~nächste Woche~;vor # Tag/vor # Tagen|in # Tag/in # Tagen|vorgestern~gestern~heute~morgen~übermorgen;vor # Std.|in # Std.|~~in dieser Stunde~~;vor # m|in # m|~~in dieser Minute~~;vor # s|in # s|~~jetzt~~
lcl  und |, |, | und 
lcs  und |, |, | und 
lcn  und |, |, | und 
ldl  oder |, |, | oder 
lds  oder |, |, | oder 
ldn  oder |, |, | oder 
lul , |, |, | und 
lus , |, |, | und 
lun , |, |, | und `,
    "fr": `n ,\u202f
pp -#\u00a0%
cp -#\u00a0¤
kp -# %
$USD $US/$
$GBP £GB/£
$JPY JPY/¥
$CAD $CA/$
$AUD $AU/$
$CNY CNY/¥
#USD dollars des États-Unis/dollar des États-Unis/dollars des États-Unis
#EUR euros/euro/euros
#GBP livres sterling/livre sterling/livres sterling
#JPY yens japonais/yen japonais/yens japonais
#CHF francs suisses/franc suisse/francs suisses
#CAD dollars canadiens/dollar canadien/dollars canadiens
#AUD dollars australiens/dollar australien/dollars australiens
#CNY yuans renminbi chinois/yuan renminbi chinois/yuans renminbi chinois
#INR roupies indiennes/roupie indienne/roupies indiennes
#BRL réals brésiliens/réal brésilien/réals brésiliens
uskilometer #\u202fkm
ulkilometer #\u00a0kilomètres/#\u00a0kilomètre/#\u00a0kilomètres
usmeter #\u202fm
ulmeter #\u00a0mètres/#\u00a0mètre/#\u00a0mètres
uskilogram #\u202fkg
ulkilogram #\u00a0kilogrammes/#\u00a0kilogramme/#\u00a0kilogrammes
usbyte #\u202fo
ulbyte #\u00a0octets/#\u00a0octet/#\u00a0octets
unbyte #o
uskilobyte #\u202fko
ulkilobyte #\u00a0kilooctets/#\u00a0kilooctet/#\u00a0kilooctets
unkilobyte #ko
usmegabyte #\u202fMo
ulmegabyte #\u00a0mégaoctets/#\u00a0mégaoctet/#\u00a0mégaoctets
unmegabyte #Mo
ussecond #\u202fs
ulsecond #\u00a0secondes/#\u00a0seconde/#\u00a0secondes
usminute #\u00a0min
ulminute # minutes/# minute/# minutes
unminute #min
ushour #\u202fh
ulhour #\u00a0heures/#\u00a0heure/#\u00a0heures
usday #\u202fj
ulday #\u00a0jours/#\u00a0jour/#\u00a0jours
unday #j
uspercent #\u00a0%
ulpercent # pour cent
unpercent #\u00a0%
uscelsius #\u202f°C
ulcelsius #\u00a0degrés Celsius/#\u00a0degré Celsius/#\u00a0degrés Celsius
ks 3:3:\u00a0k;6:6:\u00a0M;9:9:\u00a0Md;12:12:\u00a0Bn
kl 3:3: mille/ millier/ mille/=mille;6:6: millions/ million/ millions;9:9: milliards/ milliard/ milliards;12:12: billions/ billion/ billions
ml janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre
ms janv.|févr.|mars|avr.|mai|juin|juil.|août|sept.|oct.|nov.|déc.
wl dimanche|lundi|mardi|mercredi|jeudi|vendredi|samedi
ws dim.|lun.|mar.|mer.|jeu.|ven.|sam.
wn D|L|M|M|J|V|S
er ap. J.-C.|après Jésus-Christ|ap. J.-C.|av. J.-C.|avant Jésus-Christ|av. J.-C.
tz temps universel coordonné
hc 23
p yMd=dd/MM/y;yMMMd=d MMM y;yMEd=E dd/MM/y;yMMMEd=E d MMM y;yM=MM/y;Md=dd/MM;MMMd=d MMM;MEd=E dd/MM;MMMEd=E d MMM;Ed=E d;yMMd=d/MM/y;yMdd=dd/M/y;H=HH' h';Hmm=H:mm;Hmmss=H:mm:ss;Hz=HH' h 'z;Gf={1} à {0};Hmsz=H:mm:ss z;Ds=dd/MM/y;Gs={1} {0}
rl il y a{0}|dans{0}; # ans/ # an/ # ans|~l’année dernière~cette année~l’année prochaine~; # trimestres/ # trimestre/ # trimestres|~le trimestre dernier~ce trimestre~le trimestre prochain~; # mois|~le mois dernier~ce mois-ci~le mois prochain~; # semaines/ # semaine/ # semaines|~la semaine dernière~cette semaine~la semaine prochaine~; # jours/ # jour/ # jours|avant-hier~hier~aujourd’hui~demain~après-demain; # heures/ # heure/ # heures|~~cette heure-ci~~; # minutes/ # minute/ # minutes|~~cette minute-ci~~; # secondes/ # seconde/ # secondes|~~maintenant~~
rs il y a{0}|dans{0}; # a|~l’an dernier~cette année~l’an prochain~; # trim.|~le trimestre dernier~ce trimestre~le trimestre prochain~; # m.|~le mois dernier~ce mois-ci~le mois prochain~; # sem.|~la semaine dernière~cette semaine~la semaine prochaine~; #\u00a0j|avant-hier~hier~aujourd’hui~demain~après-demain; #\u00a0h|~~cette heure-ci~~; #\u00a0min|~~cette minute-ci~~; #\u00a0s|~~maintenant~~
rn -{0}|+{0};# a|~l’an dernier~cette année~l’an prochain~;# trim.|~le trimestre dernier~ce trimestre~le trimestre prochain~;# m.|~le mois dernier~ce mois-ci~le mois prochain~;# sem.|~la semaine dernière~cette semaine~la semaine prochaine~;# j|avant-hier~hier~aujourd’hui~demain~après-demain;# h|~~cette heure-ci~~;# min|~~cette minute-ci~~;# s|~~maintenant~~
lcl  et |, |, | et 
lcs  et |, |, | et 
ldl  ou |, |, | ou 
lds  ou |, |, | ou 
ldn  ou |, |, | ou 
lul  et |, |, | et 
lus  et |, |, | et `,
    "es": `n ,.
mg 2
pp -#\u00a0%
cp -#\u00a0¤
$USD US$/$
$GBP GBP/£
$JPY JPY/¥
$CAD CAD/$
$AUD AUD/$
$CNY CNY/¥
$INR INR/₹
$BRL BRL/R$
#USD dólares estadounidenses/dólar estadounidense/dólares estadounidenses
#EUR euros/euro/euros
#GBP libras esterlinas/libra esterlina/libras esterlinas
#JPY yenes japoneses/yen japonés/yenes japoneses
#CHF francos suizos/franco suizo/francos suizos
#CAD dólares canadienses/dólar canadiense/dólares canadienses
#AUD dólares australianos/dólar australiano/dólares australianos
#CNY yuanes renminbi/yuan renminbi/yuanes renminbi
#INR rupias indias/rupia india/rupias indias
#BRL reales brasileños/real brasileño/reales brasileños
ulkilometer # kilómetros/# kilómetro/# kilómetros
ulmeter # metros/# metro/# metros
ulkilogram # kilogramos/# kilogramo/# kilogramos
usbyte # B
ulbyte # bytes/# byte/# bytes
ulkilobyte # kilobytes/# kilobyte/# kilobytes
ulmegabyte # megabytes/# megabyte/# megabytes
ussecond # s
ulsecond # segundos/# segundo/# segundos
ulminute # minutos/# minuto/# minutos
unminute #min
ushour # h
ulhour # horas/# hora/# horas
usday # d
ulday # días/# día/# días
uspercent #\u00a0%
ulpercent # por ciento
unpercent #\u00a0%
uscelsius # °C
ulcelsius # grados Celsius/# grado Celsius/# grados Celsius
ks 3:3:\u00a0mil;6:6:\u00a0M;10:9:\u00a0mil\u00a0M;12:12:\u00a0B
kl 3:3: mil;6:6: millones/ millón/ millones;9:9: mil millones;12:12: billones/ billón/ billones
ml enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre
ms ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic
mn E|F|M|A|M|J|J|A|S|O|N|D
wl domingo|lunes|martes|miércoles|jueves|viernes|sábado
ws dom|lun|mar|mié|jue|vie|sáb
wn D|L|M|X|J|V|S
ap a.\u202fm.|p.\u202fm.
er d. C.|después de Cristo|d. C.|a. C.|antes de Cristo|a. C.
tz tiempo universal coordinado
hc 23
p yMd=d/M/y;yMMMd=d MMM y;yMEd=E, d/M/y;yMMMEd=E, d MMM y;Md=d/M;MMMd=d MMM;MEd=E, d/M;MMMEd=E, d MMM;Ed=E d;MMdd=d/M;yMM=M/y;yyMM=M/yy;Mdd=d/M;MMd=d/M;H=H;Hms=H:mm:ss;Hmz=H:mm z;Hz=H' h 'z;Gf={1}, {0};yMMMMd=d' de 'MMMM' de 'y;yMMMMEd=E, d' de 'MMMM' de 'y;yMMMEEEEd=EEEE, d' de 'MMM' de 'y;yMMMM=MMMM' de 'y;MMMMd=d' de 'MMMM;MMMMEd=E, d' de 'MMMM;Tf=H:mm:ss (zzzz);Gl={1}' a las '{0}
rl hac{0}|dentro d{0};e # años/e # año/e # años|~el año pasado~este año~el próximo año~;e # trimestres/e # trimestre/e # trimestres|~el trimestre pasado~este trimestre~el próximo trimestre~;e # meses/e # mes/e # meses|~el mes pasado~este mes~el próximo mes~;e # semanas/e # semana/e # semanas|~la semana pasada~esta semana~la próxima semana~;e # días/e # día/e # días|anteayer~ayer~hoy~mañana~pasado mañana;e # horas/e # hora/e # horas|~~esta hora~~;e # minutos/e # minuto/e # minutos|~~este minuto~~;e # segundos/e # segundo/e # segundos|~~ahora~~
rs hac{0}|dentro d{0};e # a|~el año pasado~este año~el próximo año~;e # trim.|~el trimestre pasado~este trimestre~el próximo trimestre~;e # m|~el mes pasado~este mes~el próximo mes~;e # sem.|~sem. ant.~esta sem.~próx. sem.~;e # d|anteayer~ayer~hoy~mañana~pasado mañana;e # h|~~esta hora~~;e # min|~~este minuto~~;e # s|~~ahora~~
rn =rs
lcl  y |, |, | y 
lcs  y |, |, | y 
lcn  y |, |, | y 
ldl  o |, |, | o 
lds  o |, |, | o 
ldn  o |, |, | o 
lul  y |, |, | y 
lus  y |, |, |, `,
    "it": `n ,.
mg 2
cp -#\u00a0¤
$USD USD/$
$JPY JPY/¥
$INR INR/₹
$BRL BRL/R$
#USD dollari statunitensi/dollaro statunitense/dollari statunitensi
#EUR euro
#GBP sterline britanniche/sterlina britannica/sterline britanniche
#JPY yen giapponesi/yen giapponese/yen giapponesi
#CHF franchi svizzeri/franco svizzero/franchi svizzeri
#CAD dollari canadesi/dollaro canadese/dollari canadesi
#AUD dollari australiani/dollaro australiano/dollari australiani
#CNY yuan cinesi/yuan cinese/yuan cinesi
#INR rupie indiane/rupia indiana/rupie indiane
#BRL real brasiliani/real brasiliano/real brasiliani
ulkilometer # chilometri/# chilometro/# chilometri
ulmeter # metri/# metro/# metri
ulkilogram # chilogrammi/# chilogrammo/# chilogrammi
ulbyte # byte
ulkilobyte # kilobyte
ulmegabyte # megabyte
ussecond # s
ulsecond # secondi/# secondo/# secondi
ulminute # minuti/# minuto/# minuti
unminute #min
ushour # h
ulhour # ore/# ora/# ore
usday # giorni/# giorno/# giorni
ulday # giorni/# giorno/# giorni
unday #gg/#g/#gg
ulpercent # percento
uscelsius # °C
ulcelsius # gradi Celsius/# grado Celsius/# gradi Celsius
ks 3:3:K;6:6:\u00a0Mln;9:9:\u00a0Mld;12:12:\u00a0Bln
kl 3:3: mila/=mille;6:6: milioni/ milione/ milioni;9:9: miliardi/ miliardo/ miliardi;12:12: mila miliardi/ mille miliardi/ mila miliardi
ml gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre
ms gen|feb|mar|apr|mag|giu|lug|ago|set|ott|nov|dic
mn G|F|M|A|M|G|L|A|S|O|N|D
wl domenica|lunedì|martedì|mercoledì|giovedì|venerdì|sabato
ws dom|lun|mar|mer|gio|ven|sab
wn D|L|M|M|G|V|S
er d.C.|dopo Cristo|dC|a.C.|avanti Cristo|aC
tz Tempo coordinato universale
hc 23
p yMd=dd/MM/y;yMMMd=d MMM y;yMEd=E dd/MM/y;yMMMEd=E d MMM y;yM=MM/y;Md=dd/MM;MMMd=d MMM;MEd=E dd/MM;MMMEd=E d MMM;Ed=E d;H=H;Hmm=H:mm;Hmmss=H:mm:ss;Hz='h'HH z;Gf={1}' alle ore '{0};Hmsz=H:mm:ss z
rl {0} fa|tra {0};# anni/# anno/# anni|~anno scorso~quest’anno~anno prossimo~;# trimestri/# trimestre/# trimestri|~trimestre scorso~questo trimestre~trimestre prossimo~;# mesi/# mese/# mesi|~mese scorso~questo mese~mese prossimo~;# settimane/# settimana/# settimane|~settimana scorsa~questa settimana~settimana prossima~;# giorni/# giorno/# giorni|l’altro ieri~ieri~oggi~domani~dopodomani;# ore/# ora/# ore|~~quest’ora~~;# minuti/# minuto/# minuti|~~questo minuto~~;# secondi/# secondo/# secondi|~~ora~~
rs {0} fa|tra {0};# anni/# anno/# anni|~anno scorso~quest’anno~anno prossimo~;# trim.|~trim. scorso~questo trim.~trim. prossimo~;# mesi/# mese/# mesi|~mese scorso~questo mese~mese prossimo~;# sett.|~sett. scorsa~questa sett.~sett. prossima~;# gg/# g/# gg|l’altro ieri~ieri~oggi~domani~dopodomani;# h|~~quest’ora~~;# min|~~questo minuto~~;# sec.|~~ora~~
rn {0} fa|tra {0};# anni/# anno/# anni|~anno scorso~quest’anno~anno prossimo~;# trim.|~trim. scorso~questo trim.~trim. prossimo~;# mesi/# mese/# mesi|~mese scorso~questo mese~mese prossimo~;# sett.|~sett. scorsa~questa sett.~sett. prossima~;# gg/# g/# gg|l’altro ieri~ieri~oggi~domani~dopodomani;# h|~~quest’ora~~;# min|~~questo minuto~~;# s|~~ora~~
lcl  e |, |, | e 
lcs  e |, |, | e 
lcn  e |, |, | e 
ldl  o |, |, | o 
lds  o |, |, | o 
ldn  o |, |, | o 
lul  e |, |, | e 
lus  e |, |, | e `,
    "pt": `n ,.
cp -¤\u00a0#
$USD US$/$
$JPY JP¥/¥
$AUD AU$/$
#USD Dólares americanos/Dólar americano/Dólares americanos
#EUR Euros/Euro/Euros
#GBP Libras esterlinas/Libra esterlina/Libras esterlinas
#JPY Ienes japoneses/Iene japonês/Ienes japoneses
#CHF Francos suíços/Franco suíço/Francos suíços
#CAD Dólares canadenses/Dólar canadense/Dólares canadenses
#AUD Dólares australianos/Dólar australiano/Dólares australianos
#CNY Yuans chineses/Yuan chinês/Yuans chineses
#INR Rupias indianas/Rupia indiana/Rupias indianas
#BRL Reais brasileiros/Real brasileiro/Reais brasileiros
ulkilometer # quilômetros/# quilômetro/# quilômetros
unkilometer # km
ulmeter # metros/# metro/# metros
unmeter # m
ulkilogram # quilogramas/# quilograma/# quilogramas
usbyte # bytes
ulbyte # bytes/# byte/# bytes
unbyte # B
ulkilobyte # kilobytes/# kilobyte/# kilobytes
unkilobyte # kB
ulmegabyte # megabytes/# megabyte/# megabytes
unmegabyte # MB
ussecond # s
ulsecond # segundos/# segundo/# segundos
unsecond # s
ulminute # minutos/# minuto/# minutos
unminute # min
ushour # h
ulhour # horas/# hora/# horas
unhour # h
usday # dias/# dia/# dias
ulday # dias/# dia/# dias
unday # dias/# dia/# dias
ulpercent # por cento
uscelsius # °C
ulcelsius # graus Celsius/# grau Celsius/# graus Celsius
uncelsius # °C
ks 3:3:\u00a0mil;6:6:\u00a0mi;9:9:\u00a0bi;12:12:\u00a0tri
kl 3:3: mil;6:6: milhões/ milhão/ milhões;9:9: bilhões/ bilhão/ bilhões;12:12: trilhões/ trilhão/ trilhões
ml janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro
ms jan.|fev.|mar.|abr.|mai.|jun.|jul.|ago.|set.|out.|nov.|dez.
wl domingo|segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira|sábado
ws dom.|seg.|ter.|qua.|qui.|sex.|sáb.
wn D|S|T|Q|Q|S|S
er d.C.|depois de Cristo|d.C.|a.C.|antes de Cristo|a.C.
tz Horário Universal Coordenado
hc 23
p yMd=dd/MM/y;yMMMd=d' de 'MMM' de 'y;yMEd=E, dd/MM/y;yMMMEd=E, d' de 'MMM' de 'y;yM=MM/y;yMMM=MMM' de 'y;Md=dd/MM;MMMd=d' de 'MMM;MEd=E, dd/MM;MMMEd=E, d' de 'MMM;Ed=E, d;Mdd=dd/M;MMd=d/MM;yMMd=d/MM/y;yMdd=dd/M/y;Hmm=H:mm;Hmmss=H:mm:ss;hz=h\u202fa, z;Hz=HH'h, 'z;Gf={1}' às '{0};Hmsz=H:mm:ss z;Ds=dd/MM/y
rl há{0}|em{0}; # anos/ # ano/ # anos|~ano passado~este ano~próximo ano~; # trimestres/ # trimestre/ # trimestres|~último trimestre~este trimestre~próximo trimestre~; # meses/ # mês/ # meses|~mês passado~este mês~próximo mês~; # semanas/ # semana/ # semanas|~semana passada~esta semana~próxima semana~; # dias/ # dia/ # dias|anteontem~ontem~hoje~amanhã~depois de amanhã; # horas/ # hora/ # horas|~~esta hora~~; # minutos/ # minuto/ # minutos|~~este minuto~~; # segundos/ # segundo/ # segundos|~~agora~~
rs há{0}|em{0}; # anos/ # ano/ # anos|~ano passado~este ano~próximo ano~; # trim.|~último trimestre~este trimestre~próximo trimestre~; # meses/ # mês/ # meses|~mês passado~este mês~próximo mês~; # sem.|~semana passada~esta semana~próxima semana~; # dias/ # dia/ # dias|anteontem~ontem~hoje~amanhã~depois de amanhã; # h|~~esta hora~~; # min.|~~este minuto~~; # seg.|~~agora~~
rn =rs
lcl  e |, |, | e 
lcs  e |, |, | e 
ldl  ou |, |, | ou 
lds  ou |, |, | ou 
ldn  ou |, |, | ou 
lul  e |, |, | e 
lus  e |, |, | e `,
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
  // @@DATA-END

  // ------------------------------------------------------------ utilities
  var NBSP = "\u00a0";
  var has = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
  function pad(n, w) { n = String(n); while (n.length < w) n = "0" + n; return n; }
  function rangeErr(m) { return new RangeError(m); }
  function typeErr(m) { return new TypeError(m); }
  function opts(o) {
    if (o === undefined) return Object.create(null);
    if (o === null) throw typeErr("Cannot convert undefined or null to object");
    return Object(o);
  }
  function getStr(o, k, allowed, def, who) {
    var v = o[k];
    if (v === undefined) return def;
    v = String(v);
    if (allowed && allowed.split(" ").indexOf(v) < 0) throw rangeErr("Value " + v + " out of range for " + who + " options property " + k);
    return v;
  }
  function getBool(o, k) { var v = o[k]; return v === undefined ? undefined : !!v; }
  function getNum(o, k, lo, hi, def) {
    var v = o[k];
    if (v === undefined) return def;
    v = Number(v);
    if (!(v >= lo && v <= hi)) throw rangeErr(k + " value is out of range.");
    return Math.floor(v);
  }
  function defGetter(proto, name, fn) {
    Object.defineProperty(proto, name, {
      configurable: true,
      get: function () {
        var s = this._s;
        if (!s) throw typeErr("Method get " + name + " called on incompatible receiver");
        return s["b" + name] || (s["b" + name] = fn.bind(this));
      }
    });
  }
  // internal state lives in one non-enumerable slot (JSON.stringify(new Intl.NumberFormat()) === "{}", as in V8)
  function slot(o, s) { Object.defineProperty(o, "_s", { value: s }); return s; }
  function tag(C, name) { Object.defineProperty(C.prototype, Symbol.toStringTag, { value: name, configurable: true }); }
  function partsStr(p) { var s = ""; for (var i = 0; i < p.length; i++) s += p[i].value; return s; }
  function push(p, type, value) {
    if (value === "") return;
    var last = p[p.length - 1];
    if (type === "literal" && last && last.type === "literal") last.value += value;
    else p.push({ type: type, value: value });
  }

  // ------------------------------------------------------------ locales
  var REC = {};
  // Parsed record for a DATA key; missing keys come from the parent via the prototype chain.
  function rec(k) {
    var r = REC[k];
    if (r) return r;
    var parent = k === "en" ? null : rec(k.indexOf("-") > 0 ? k.split("-")[0] : "en");
    r = Object.create(parent);
    DATA[k].split("\n").forEach(function (line) {
      var i = line.indexOf(" ");
      r[line.slice(0, i)] = line.slice(i + 1);
    });
    var P = Object.create(parent ? parent.P : null);
    if (has(r, "p")) r.p.split(";").forEach(function (e) { var i = e.indexOf("="); P[e.slice(0, i)] = e.slice(i + 1); });
    r.P = P;
    r.lang = k.split("-")[0];
    return (REC[k] = r);
  }
  var LANGS = "en de fr es it pt nl ja zh ru".split(" ");
  var DEFREG = { en: "US", de: "DE", fr: "FR", es: "ES", it: "IT", pt: "BR", nl: "NL", ja: "JP", zh: "CN", ru: "RU" };
  var TAG_RE = /^(?:[a-z]{2,3}|[a-z]{5,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[a-wyz\d](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?$/i;
  var ALIAS = { iw: "he", "in": "id", ji: "yi", jw: "jv", mo: "ro", tl: "fil" };
  function canon(t) {
    if (typeof t !== "string" && (typeof t !== "object" || t === null)) throw typeErr("Language ID should be string or object.");
    t = String(t);
    if (!TAG_RE.test(t) || /^x-/i.test(t)) throw rangeErr("Incorrect locale information provided");
    var ext = false;
    return t.split("-").map(function (p, i) {
      if (i === 0) { p = p.toLowerCase(); return ALIAS[p] || p; }
      if (p.length === 1) ext = true;
      if (ext) return p.toLowerCase();
      if (p.length === 4 && /^[a-z]/i.test(p)) return p[0].toUpperCase() + p.slice(1).toLowerCase();
      if (p.length === 2 || /^\d{3}$/.test(p)) return p.toUpperCase();
      return p.toLowerCase();
    }).join("-");
  }
  function canonList(locales) {
    if (locales === undefined) return [];
    var list = typeof locales === "string" || (typeof locales === "object" && locales !== null && !("length" in Object(locales))) ? [locales] : Object(locales);
    var out = [], n = list.length >>> 0;
    for (var i = 0; i < n; i++) if (i in list) { var c = canon(list[i]); if (out.indexOf(c) < 0) out.push(c); }
    return out;
  }
  // Best match among our data; returns { locale (reported), key (DATA key) } or null.
  function match(t) {
    var base = t.split(/-[a-wyz\d]-/)[0].split("-x-")[0], parts = base.split("-"), lang = parts[0];
    if (LANGS.indexOf(lang) < 0) return null;
    var region = parts.filter(function (p, i) { return i && /^([A-Z]{2}|\d{3})$/.test(p); })[0];
    var key = lang === "en" && (region === "GB" || region === "IN") ? "en-" + region : lang;
    var known = !region || region === DEFREG[lang] || key !== lang;
    return { locale: known ? base : lang, key: key };
  }
  function resolve(locales) {
    var list = canonList(locales);
    for (var i = 0; i < list.length; i++) { var m = match(list[i]); if (m) return m; }
    return { locale: "en-US", key: "en" };
  }
  function supported(locales) {
    return canonList(locales).filter(function (t) { return !!match(t); });
  }

  // ------------------------------------------------------------ plural rules
  var CATS = { en: "one other", de: "one other", nl: "one other", fr: "many one other", es: "many one other",
    it: "many one other", pt: "many one other", ru: "few many one other", ja: "other", zh: "other" };
  // s: formatted number without grouping, "." as decimal separator
  function plural(lang, s, ordinal) {
    s = s.replace(/^-/, "");
    // like ICU, the integer operand only keeps the low 18 digits
    var k = s.indexOf("."), fs = k < 0 ? "" : s.slice(k + 1), i = +(k < 0 ? s : s.slice(0, k)).slice(-18), v = fs.length, n = +s;
    var many = i && i % 1000000 === 0 && !v, i10 = i % 10, i100 = i % 100;
    if (ordinal) {
      if (v) return "other";
      if (lang === "en") return i10 === 1 && i100 !== 11 ? "one" : i10 === 2 && i100 !== 12 ? "two" : i10 === 3 && i100 !== 13 ? "few" : "other";
      if (lang === "fr") return n === 1 ? "one" : "other";
      if (lang === "it") return n === 11 || n === 8 || n === 80 || n === 800 ? "many" : "other";
      return "other";
    }
    switch (lang) {
      case "en": case "de": case "nl": return i === 1 && !v ? "one" : "other";
      case "it": return i === 1 && !v ? "one" : many ? "many" : "other";
      case "es": return n === 1 ? "one" : many ? "many" : "other";
      case "fr": case "pt": return i < 2 ? "one" : many ? "many" : "other";
      case "ru":
        if (v) return "other";
        return i10 === 1 && i100 !== 11 ? "one" : i10 >= 2 && i10 <= 4 && (i100 < 12 || i100 > 14) ? "few" : "many";
    }
    return "other";
  }
  // pick a plural form out of "a/b/c" (forms in CATS order; one form = all)
  function form(lang, list, s) {
    var f = list.split("/");
    if (f.length === 1 || s === null) return f[f.length - 1];
    var c = CATS[lang].split(" "), j = c.indexOf(plural(lang, s));
    return f[j < 0 || j >= f.length ? f.length - 1 : j];
  }

  // ------------------------------------------------------------ decimal engine
  // A finite value is { n: negative, d: significant digits (no leading/trailing
  // zeros, "" for zero), e: position of the decimal point } => 0.d * 10^e.
  function dec(x) {
    if (typeof x === "bigint") {
      var bs = x.toString(), bn = bs[0] === "-";
      bs = bs.replace(/^-?0*/, "");
      return norm({ n: bn, d: bs, e: bs.length });
    }
    if (typeof x === "string") {
      var m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?\s*$/i.exec(x);
      if (m && (m[2] || m[3])) {
        var ip = m[2].replace(/^0+/, ""), fp = m[3] || "", all = ip + fp, lead = all.length - all.replace(/^0+/, "").length;
        return norm({ n: m[1] === "-", d: all.slice(lead), e: ip.length - lead + (+m[4] || 0) });
      }
      x = Number(x);
    }
    x = Number(x);
    if (x !== x) return { nan: true };
    if (!isFinite(x)) return { inf: true, n: x < 0 };
    if (x === 0) return { n: 1 / x < 0, d: "", e: 1 };
    var t = Math.abs(x).toExponential(), k = t.indexOf("e");
    return norm({ n: x < 0, d: t.slice(0, k).replace(".", ""), e: +t.slice(k + 1) + 1 });
  }
  function norm(v) {
    v.d = v.d.replace(/0+$/, "");
    if (!v.d) v.e = 1;
    return v;
  }
  // Round to `pos` digits after the decimal point.
  function rnd(v, pos, mode) {
    var d = v.d, n = v.e + pos;
    if (n >= d.length) return v;
    var kept = n > 0 ? d.slice(0, n) : "", first = n >= 0 ? +d[n] : 0;
    var rest = n >= 0 ? /[1-9]/.test(d.slice(n + 1)) : true;
    var half = first > 5 || (first === 5 && rest) ? 1 : first === 5 ? 0 : -1, any = first > 0 || rest, up;
    switch (mode) {
      case "ceil": up = !v.n && any; break;
      case "floor": up = v.n && any; break;
      case "expand": up = any; break;
      case "trunc": up = false; break;
      case "halfCeil": up = half > 0 || (!half && !v.n); break;
      case "halfFloor": up = half > 0 || (!half && v.n); break;
      case "halfTrunc": up = half > 0; break;
      case "halfEven": up = half > 0 || (!half && +(kept[n - 1] || 0) % 2 === 1); break;
      default: up = half >= 0;
    }
    if (!up) return norm({ n: v.n, d: kept, e: v.e });
    if (n <= 0) return { n: v.n, d: "1", e: 1 - pos };
    var a = kept.split(""), j = a.length - 1;
    while (j >= 0 && a[j] === "9") a[j--] = "0";
    if (j < 0) return norm({ n: v.n, d: "1" + a.join(""), e: v.e + 1 });
    a[j] = String(+a[j] + 1);
    return norm({ n: v.n, d: a.join(""), e: v.e });
  }
  function scale(v, k) { return v.d ? { n: v.n, d: v.d, e: v.e + k } : v; }
  // Apply the digit options of s; returns { v, minFrac }.
  function roundDigits(v, s) {
    var fPos = s.mxfd, sPos = s.mxsd - v.e, useSig;
    if (s.rt === "s") useSig = true;
    else if (s.rt === "f") useSig = false;
    else useSig = s.rt === "m" ? sPos >= fPos : sPos < fPos;
    var r = useSig ? rnd(v, sPos, s.rm) : rnd(v, fPos, s.rm);
    var minFrac = useSig ? Math.max(0, s.mnsd - r.e) : s.mnfd;
    if (s.tzd === "stripIfInteger" && r.d.length <= r.e) minFrac = 0;
    return { v: r, f: minFrac };
  }
  function digitStrings(v, minFrac, mnid) {
    var d = v.d, e = v.e, ip, fp;
    if (e <= 0) { ip = "0"; fp = repeat0(-e) + d; }
    else { ip = d.slice(0, e) + repeat0(e - d.length); fp = d.slice(e); }
    if (!d) { ip = "0"; fp = ""; }
    while (fp.length < minFrac) fp += "0";
    while (ip.length < mnid) ip = "0" + ip;
    return [ip, fp];
  }
  function repeat0(k) { return k > 0 ? new Array(k + 1).join("0") : ""; }

  // ------------------------------------------------------------ NumberFormat
  var UNITS = "kilometer meter kilogram byte kilobyte megabyte second minute hour day percent celsius".split(" ");
  var CURS = "USD EUR GBP JPY CHF CAD AUD CNY INR BRL".split(" ");
  function curDigits(c) { return /^(JPY|KRW|VND|CLP|ISK|PYG|UGX|XAF|XOF|XPF)$/.test(c) ? 0 : /^(BHD|IQD|JOD|KWD|LYD|OMR|TND)$/.test(c) ? 3 : 2; }
  var NF = "Intl.NumberFormat";

  function NumberFormat(locales, options) {
    var self = this instanceof NumberFormat ? this : Object.create(NumberFormat.prototype);
    var r = resolve(locales), o = opts(options), s = slot(self, { locale: r.locale, L: rec(r.key) });
    getStr(o, "localeMatcher", "lookup best fit", "", NF);
    getStr(o, "numberingSystem", null, "", NF);
    var st = s.style = getStr(o, "style", "decimal percent currency unit", "decimal", NF);
    var cur = getStr(o, "currency", null, undefined, NF);
    if (cur !== undefined && !/^[A-Za-z]{3}$/.test(cur)) throw rangeErr("Invalid currency code : " + cur);
    var cd = getStr(o, "currencyDisplay", "code symbol narrowSymbol name", "symbol", NF);
    var cs = getStr(o, "currencySign", "standard accounting", "standard", NF);
    var unit = getStr(o, "unit", null, undefined, NF);
    var ud = getStr(o, "unitDisplay", "short narrow long", "short", NF);
    if (st === "currency") {
      if (cur === undefined) throw typeErr("Currency code is required with currency style.");
      s.currency = cur.toUpperCase(); s.cd = cd; s.cs = cs;
    }
    if (st === "unit") {
      if (unit === undefined) throw typeErr("Unit is required with unit style.");
      if (UNITS.indexOf(unit) < 0) throw rangeErr("Invalid unit argument for Intl.NumberFormat() '" + unit + "'");
      s.unit = unit; s.ud = ud;
    }
    var not = s.not = getStr(o, "notation", "standard scientific engineering compact", "standard", NF);
    // digit options (ECMA-402 SetNumberFormatDigitOptions)
    var cdig = st === "currency" && not !== "compact" ? curDigits(s.currency) : 0;
    var mnfdD = cdig, mxfdD = st === "currency" && not !== "compact" ? cdig : st === "percent" ? 0 : 3;
    s.mnid = getNum(o, "minimumIntegerDigits", 1, 21, 1);
    var mnfd = o.minimumFractionDigits, mxfd = o.maximumFractionDigits, mnsd = o.minimumSignificantDigits, mxsd = o.maximumSignificantDigits;
    s.ri = getNum(o, "roundingIncrement", 1, 5000, 1);
    if ([1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000].indexOf(s.ri) < 0) throw rangeErr("roundingIncrement value is out of range.");
    if (s.ri !== 1) mxfdD = mnfdD;
    s.rm = getStr(o, "roundingMode", "ceil floor expand trunc halfCeil halfFloor halfExpand halfTrunc halfEven", "halfExpand", NF);
    var rp = s.rp = getStr(o, "roundingPriority", "auto morePrecision lessPrecision", "auto", NF);
    s.tzd = getStr(o, "trailingZeroDisplay", "auto stripIfInteger", "auto", NF);
    var hasSd = mnsd !== undefined || mxsd !== undefined, hasFd = mnfd !== undefined || mxfd !== undefined;
    var needSd = true, needFd = true;
    if (rp === "auto") { needSd = hasSd; if (needSd || (!hasFd && not === "compact")) needFd = false; }
    if (needSd) {
      s.mnsd = getNum(o, "minimumSignificantDigits", 1, 21, 1);
      s.mxsd = getNum(o, "maximumSignificantDigits", s.mnsd, 21, 21);
    }
    if (needFd) {
      if (hasFd) {
        mnfd = getNum(o, "minimumFractionDigits", 0, 100, undefined);
        mxfd = getNum(o, "maximumFractionDigits", 0, 100, undefined);
        if (mnfd === undefined) mnfd = Math.min(mnfdD, mxfd);
        else if (mxfd === undefined) mxfd = Math.max(mxfdD, mnfd);
        else if (mnfd > mxfd) throw rangeErr("maximumFractionDigits value is out of range.");
        s.mnfd = mnfd; s.mxfd = mxfd;
      } else { s.mnfd = mnfdD; s.mxfd = mxfdD; }
    }
    if (!needSd && !needFd) { s.mnfd = 0; s.mxfd = 0; s.mnsd = 1; s.mxsd = 2; s.rt = "m"; s.rp = "morePrecision"; }
    else s.rt = rp === "auto" ? (needSd ? "s" : "f") : rp === "morePrecision" ? "m" : "l";
    if (s.ri !== 1 && s.rt !== "f") throw typeErr("RoundingType is not fractionDigits");
    if (s.ri !== 1 && s.mnfd !== s.mxfd) throw rangeErr("maximumFractionDigits not equal to minimumFractionDigits");
    s.cpd = not === "compact" ? getStr(o, "compactDisplay", "short long", "short", NF) : undefined;
    var g = o.useGrouping, gd = not === "compact" ? "min2" : "auto";
    if (g === undefined || g === "true" || g === "false") g = gd;
    else if (g === true) g = "always";
    else if (g !== false && !g) g = false;
    else if (g !== false) { g = String(g); if (["min2", "auto", "always"].indexOf(g) < 0) throw rangeErr("Value " + g + " out of range for " + NF + " options property useGrouping"); }
    s.grp = g;
    s.sd = getStr(o, "signDisplay", "auto never always exceptZero negative", "auto", NF);
    return self;
  }
  NumberFormat.supportedLocalesOf = supported;
  tag(NumberFormat, NF);
  defGetter(NumberFormat.prototype, "format", function (x) { return partsStr(nfParts(this._s, x)); });
  NumberFormat.prototype.formatToParts = function (x) { return nfParts(this._s, x); };
  NumberFormat.prototype.resolvedOptions = function () {
    var s = this._s, o = {};
    "locale numberingSystem style currency currencyDisplay currencySign unit unitDisplay minimumIntegerDigits".split(" ").forEach(function (k, i) {
      var v = [s.locale, "latn", s.style, s.currency, s.cd, s.cs, s.unit, s.ud, s.mnid][i];
      if (v !== undefined) o[k] = v;
    });
    if (s.rt !== "f") { o.minimumSignificantDigits = s.mnsd; o.maximumSignificantDigits = s.mxsd; }
    if (s.rt !== "s") { o.minimumFractionDigits = s.mnfd; o.maximumFractionDigits = s.mxfd; }
    o.useGrouping = s.grp; o.notation = s.not;
    if (s.cpd) o.compactDisplay = s.cpd;
    o.signDisplay = s.sd; o.roundingMode = s.rm; o.roundingIncrement = s.ri; o.trailingZeroDisplay = s.tzd; o.roundingPriority = s.rp;
    return o;
  };

  function groups(s, L, grp) {
    var mg = grp === "always" ? 1 : grp === "min2" ? 2 : +L.mg;
    if (grp === false || s.length < 3 + mg) return [s];
    var out = [s.slice(-3)], rest = s.slice(0, -3), g = L.g2 ? 2 : 3;
    while (rest.length > g) { out.unshift(rest.slice(-g)); rest = rest.slice(0, -g); }
    out.unshift(rest);
    return out;
  }
  function compactTable(L, k) {
    var c = has(L, "_" + k) && L["_" + k];
    if (!c) c = L["_" + k] = L[k].split(";").map(function (e) {
      var a = e.split(":"), f = a.slice(2).join(":").split("/"), x = f.filter(function (y) { return y[0] === "="; })[0];
      return { m: +a[0], div: +a[1], f: f.filter(function (y) { return y[0] !== "="; }).join("/"), x: x && x.slice(1) };
    });
    return c;
  }
  function pickEnt(t, mag) {
    var r = { div: 0 };
    for (var i = 0; i < t.length; i++) if (t[i].m <= mag) r = t[i];
    return r;
  }
  function roundInc(v, s) { // roundingIncrement: round to a multiple of ri * 10^-mxfd
    var q = dec(Number((v.n ? "-" : "") + "0." + (v.d || "0") + "e" + v.e) / s.ri * Math.pow(10, s.mxfd));
    q = rnd(q, 0, s.rm);
    var b = q.d ? String(BigInt(q.d + repeat0(q.e - q.d.length)) * BigInt(s.ri)) : "";
    return { v: norm({ n: v.n, d: b, e: b.length - s.mxfd }), f: s.mnfd };
  }

  function nfParts(s, x) {
    var L = s.L, v = dec(x), st = s.style, np = [], zero = false, disp = null, neg = !!v.n;
    if (v.nan) np.push({ type: "nan", value: L.nan || "NaN" });
    else if (v.inf) np.push({ type: "infinity", value: "\u221e" });
    else {
      if (st === "percent") v = scale(v, 2);
      var rr, E = null, ent = null;
      if (s.not === "scientific" || s.not === "engineering") {
        var eng = s.not === "engineering", ee = function (k) { return eng ? Math.floor(k / 3) * 3 : k; };
        E = v.d ? ee(v.e - 1) : 0;
        rr = roundDigits(scale(v, -E), s);
        if (rr.v.d && rr.v.e - 1 + E > E + (eng ? 2 : 0)) { E = ee(rr.v.e - 1 + E); rr = roundDigits(scale(v, -E), s); }
      } else if (s.not === "compact") {
        var t = compactTable(L, s.cpd === "long" ? "kl" : "ks"), mag = v.d ? v.e - 1 : 0;
        ent = pickEnt(t, mag);
        rr = roundDigits(scale(v, -ent.div), s);
        if (rr.v.d && rr.v.e - 1 + ent.div > mag) {
          var e2 = pickEnt(t, rr.v.e - 1 + ent.div);
          if (e2 !== ent) { ent = e2; rr = roundDigits(scale(v, -ent.div), s); }
        }
      } else rr = s.ri > 1 ? roundInc(v, s) : roundDigits(v, s);
      var ds = digitStrings(rr.v, rr.f, s.mnid);
      zero = !rr.v.d;
      disp = ds[0] + (ds[1] ? "." + ds[1] : "");
      groups(ds[0], L, s.grp).forEach(function (x, i) {
        if (i) np.push({ type: "group", value: L.n[1] });
        np.push({ type: "integer", value: x });
      });
      if (ds[1]) np.push({ type: "decimal", value: L.n[0] }, { type: "fraction", value: ds[1] });
      if (E !== null) {
        np.push({ type: "exponentSeparator", value: "E" });
        if (E < 0) np.push({ type: "exponentMinusSign", value: "-" });
        np.push({ type: "exponentInteger", value: String(Math.abs(E)) });
      }
      if (ent && ent.div) {
        if (ent.x && disp === "1") np = [{ type: "compact", value: ent.x }];
        else {
          var a = form(L.lang, ent.f, disp), sp = /^\s*/.exec(a)[0];
          if (sp) np.push({ type: "literal", value: sp });
          if (a.length > sp.length) np.push({ type: "compact", value: a.slice(sp.length) });
        }
      }
    }
    var sign = { auto: neg ? "-" : "", always: neg ? "-" : "+", exceptZero: zero || v.nan ? "" : neg ? "-" : "+",
      negative: neg && !zero ? "-" : "", never: "" }[s.sd];
    var pat, cur = "", unitMode = false;
    if (st === "currency") {
      var c = s.currency;
      if (s.cd === "name") { pat = L.cq; cur = L["#" + c] ? form(L.lang, L["#" + c], disp) : c; }
      else {
        pat = ent && L.ccp || L.cp;
        var sym = (L["$" + c] || c).split("/");
        cur = s.cd === "code" ? c : s.cd === "narrowSymbol" ? sym[1] || sym[0] : sym[0];
      }
    } else if (st === "percent") {
      pat = L.pp;
      if (ent) { pat = L.kp || pat; unitMode = true; } // ICU formats compact percentages as a unit
    } else if (st === "unit") {
      pat = form(L.lang, L["u" + s.ud[0] + s.unit], disp);
      unitMode = true;
    } else pat = "-#";
    var out = [];
    if (unitMode) {
      pat.replace("-", "").split("#").forEach(function (seg, k) {
        if (k) {
          if (sign) out.push({ type: sign === "-" ? "minusSign" : "plusSign", value: sign });
          for (var j = 0; j < np.length; j++) out.push(np[j]);
        }
        var m = /^(\s*)(.*?)(\s*)$/.exec(seg);
        push(out, "literal", m[1]);
        if (m[2]) out.push({ type: "unit", value: m[2] });
        push(out, "literal", m[3]);
      });
      pat = "";
    }
    for (var i = 0; i < pat.length; i++) {
      var ch = pat[i];
      if (ch === "#") for (var j = 0; j < np.length; j++) out.push(np[j]);
      else if (ch === "-") { if (sign) out.push({ type: sign === "-" ? "minusSign" : "plusSign", value: sign }); }
      else if (ch === "%") out.push({ type: "percentSign", value: "%" });
      else if (ch === "\u00a4") {
        // ICU currency spacing: a letter-like symbol touching the digits gets a no-break space
        if (s.cd !== "name" && !v.nan && !v.inf && pat[i - 1] === "#" && /^[^\s$\u00a2-\u00a5\u20a0-\u20cf\uffe0-\uffe6]/.test(cur)) push(out, "literal", NBSP);
        out.push({ type: "currency", value: cur });
        if (s.cd !== "name" && !v.nan && !v.inf && /^-?#/.test(pat.slice(i + 1)) && /[^\s$\u00a2-\u00a5\u20a0-\u20cf\uffe0-\uffe6]$/.test(cur)) push(out, "literal", NBSP);
      } else push(out, "literal", ch);
    }
    out.d = disp;
    return out;
  }

  // ------------------------------------------------------------ DateTimeFormat
  var DTFN = "Intl.DateTimeFormat";
  // Pattern derivation rules: key -> "base op" (mirrored by the data generator).
  var DER = {
    yMMMMd: "yMMMd M", yMMMMEd: "yMMMEd M", yMMMMEEEEd: "yMMMMEd E", yMMMEEEEd: "yMMMEd E", yMEEEEd: "yMEd E",
    MMMMd: "MMMd M", MMMMEd: "MMMEd M", MMMMEEEEd: "MMMMEd E", yMMMM: "yMMM M", MMMM: "MMM M", EEEE: "E E",
    yMMMMEEEE: "yMMMM W", Df: "yMMMMEEEEd", Dl: "yMMMMd", Dm: "yMMMd", Ds: "yMd Y", hm: "hms S", Hm: "Hms S",
    Ts: "Tm S", Tl: "Tm z", Tf: "Tm Z", hmsz: "hms z", Hmsz: "Hms z", Gl: "Gf", Gs: "Gm", GyMd: "yMd G"
  };
  // Apply fn(letter, count, text) to every pattern field, leaving quoted literals alone.
  function mapF(p, fn) {
    return p.replace(/'[^']*'|([A-Za-z])\1*/g, function (m, c) { return c ? fn(c, m.length, m) : m; });
  }
  function pat(L, k) {
    var P = L.P;
    if (has(P, k)) return P[k];
    if (k === "Tm") return pat(L, L.hc === "12" ? "hms" : "Hms");
    var d = DER[k];
    if (!d) return P[k];
    var b = pat(L, d.split(" ")[0]);
    if (b === undefined) return b;
    switch (d.split(" ")[1]) {
      case "M": return mapF(b, function (c, n, m) { return (c === "M" || c === "L") && n > 2 ? c + c + c + c : m; });
      case "E": return mapF(b, function (c, n, m) { return c === "E" || c === "c" ? c + c + c + c : m; });
      case "W": return b + " EEEE";
      case "Y": return mapF(b, function (c, n, m) { return c === "y" ? "yy" : m; });
      case "S": return b.replace(":ss", "");
      case "z": return b + " z";
      case "Z": return b + " zzzz";
      case "G": return b + " G";
    }
    return b;
  }
  // Numeric 2-digit requests ("yy", "MM", "dd", "hh", "mm", "ss") have their own
  // patterns where CLDR/ICU disagree with simple widening; otherwise widen.
  function widen(p, k) {
    return mapF(p, function (c, n, m) {
      if (c === "y") return k.indexOf("yy") >= 0 ? "yy" : "y";
      if (n === 1 && "MdhHms".indexOf(c) >= 0 && k.indexOf(c + c) >= 0 && k.indexOf(c + c + c) < 0) return c + c;
      return m;
    });
  }
  function lookup(L, k) {
    var c = k.replace(/(yy|dd|hh|HH|mm|ss)/g, function (m) { return m[0]; }).replace(/^(y?)MM(?!M)/, "$1M");
    if (c !== k && k in L.P) return L.P[k];
    var p = pat(L, c) || (c.indexOf("EEEE") >= 0 ? pat(L, c.replace("EEEE", "E")) : undefined);
    return p && (c === k ? p : widen(p, k));
  }
  var TZRE = /^(etc\/)?(utc|gmt|uct|universal|zulu|greenwich|gmt[+-]?0)$/i;
  var FIELDS = [["weekday", "narrow short long"], ["era", "narrow short long"], ["year", "2-digit numeric"],
    ["month", "2-digit numeric narrow short long"], ["day", "2-digit numeric"], ["dayPeriod", "narrow short long"],
    ["hour", "2-digit numeric"], ["minute", "2-digit numeric"], ["second", "2-digit numeric"], ["fractionalSecondDigits"],
    ["timeZoneName", "short long shortOffset longOffset shortGeneric longGeneric"]];

  function DateTimeFormat(locales, options) {
    return dtfInit(this instanceof DateTimeFormat ? this : Object.create(DateTimeFormat.prototype), locales, options, "any", "date");
  }
  function dtfInit(self, locales, options, req, defs) {
    var r = resolve(locales), o = opts(options), L = rec(r.key), s = slot(self, { locale: r.locale, L: L });
    getStr(o, "localeMatcher", "lookup best fit", "", DTFN);
    getStr(o, "calendar", null, "", DTFN);
    getStr(o, "numberingSystem", null, "", DTFN);
    var h12 = getBool(o, "hour12"), hcO = getStr(o, "hourCycle", "h11 h12 h23 h24", undefined, DTFN);
    var tz = o.timeZone;
    if (tz !== undefined && !TZRE.test(tz = String(tz)))
      throw rangeErr("Invalid time zone specified: " + tz + " (the sandbox clock is UTC; only UTC, Etc/UTC and GMT are available)");
    var f = s.f = {}, any = false;
    FIELDS.forEach(function (e) {
      var v = e[1] ? getStr(o, e[0], e[1], undefined, DTFN) : getNum(o, e[0], 1, 3, undefined);
      if (v !== undefined) { f[e[0]] = v; any = true; }
    });
    getStr(o, "formatMatcher", "basic best fit", "", DTFN);
    s.ds = getStr(o, "dateStyle", "full long medium short", undefined, DTFN);
    s.ts = getStr(o, "timeStyle", "full long medium short", undefined, DTFN);
    if (s.ds || s.ts) {
      if (any) throw typeErr("Can't set option " + Object.keys(f)[0] + " when " + (s.ds ? "dateStyle" : "timeStyle") + " is used");
      if (req === "date" && !s.ds) throw typeErr("Invalid option : timeStyle");
      if (req === "time" && !s.ts) throw typeErr("Invalid option : dateStyle");
    } else {
      var need = true;
      if (req !== "time" && (f.weekday || f.year || f.month || f.day)) need = false;
      if (req !== "date" && (f.dayPeriod || f.hour || f.minute || f.second || f.fractionalSecondDigits)) need = false;
      if (need && defs !== "time") f.year = f.month = f.day = "numeric";
      if (need && defs !== "date") f.hour = f.minute = f.second = "numeric";
    }
    if (f.hour || s.ts) {
      var def = L.hc === "12" ? "h12" : "h23";
      // Node 20 (pre-2023 ECMA-402): hour12 maps through the locale default cycle
      s.hc = h12 !== undefined ? (h12 ? (def === "h23" ? "h11" : "h12") : (def === "h23" ? "h23" : "h24")) : hcO || def;
    }
    s.pat = dtPattern(s);
    return self;
  }
  function stylePat(L, k, tw) {
    var base = pat(L, "T" + k);
    if (tw === (L.hc === "12")) return base;
    var core = pat(L, k === "s" ? "Ts" : "Tm"), w = 1;
    mapF(core, function (c, n) { if (/[hHkK]/.test(c)) w = n; return ""; });
    var nc = tw ? mapF(pat(L, k === "s" ? "hm" : "hms"), function (c, n, m) { return c === "h" ? (w > 1 ? "hh" : "h") : m; })
      : pat(L, k === "s" ? "Hm" : "Hms");
    return base.indexOf(core) >= 0 ? base.replace(core, nc) : nc;
  }
  function dtPattern(s) {
    var L = s.L, f = s.f, hc = s.hc, tw = hc === "h12" || hc === "h11", r;
    if (s.ds || s.ts) {
      var sd = s.ds && pat(L, "D" + s.ds[0]), st = s.ts && stylePat(L, s.ts[0], tw);
      if (sd && st && tw !== (L.hc === "12")) {
        // V8 regenerates the date half from its skeleton when the hour cycle flips
        var sk = { y: "", M: "", E: "", d: "" };
        mapF(sd, function (c, n, m) { sk[c === "L" ? "M" : c] = m.replace(/L/g, "M"); return m; });
        sd = lookup(L, sk.y + sk.M + sk.E + sk.d) || sd;
      }
      r = sd && st ? pat(L, "G" + s.ds[0]).replace("{1}", sd).replace("{0}", st) : sd || st;
    } else {
      var M = f.month, W = f.weekday, two = function (k, c) { return f[k] === "2-digit" ? c + c : f[k] ? c : ""; };
      var mk = !M ? "" : M === "numeric" ? "M" : M === "2-digit" ? "MM" : M === "long" ? "MMMM" : "MMM";
      var ek = W ? (W === "long" ? "EEEE" : "E") : "";
      var dk = two("year", "y") + mk + ek + two("day", "d");
      var dp = dk && lookup(L, dk);
      if (dk && !dp) dp = [W && "E", f.day && "d", mk, f.year && "y"].filter(Boolean).join(" ");
      if (f.era) dp = pat(L, "G" + dk) || (pat(L, "GyMd")[0] === "G" ? "G" + dp : dp + " G");
      if (dp) dp = mapF(dp, function (c, n, m) {
        switch (c) {
          case "G": return { "short": "G", "long": "GGGG", narrow: "GGGGG" }[f.era];
          case "M": case "L": return n < 3 ? m : c + c + c + (M === "long" ? c : M === "narrow" ? c + c : "");
          case "E": case "c": return c + c + c + (W === "long" ? c : W === "narrow" ? c + c : "");
        }
        return m;
      });
      var hk = f.hour ? (tw ? "h" : "H") : "";
      var tk = (f.hour === "2-digit" ? hk + hk : hk) + two("minute", "m") + two("second", "s");
      if (/^[hH]+s/.test(tk)) tk = tk.replace(/s+/, "m$&");
      var tp = tk ? lookup(L, tk) : "";
      if (f.fractionalSecondDigits) tp = (tp || "s").replace(/s+/, "$&" + L.n[0] + new Array(f.fractionalSecondDigits + 1).join("S"));
      var zn = f.timeZoneName, zw = zn && ({ "short": "z", "long": "zzzz", shortOffset: "O", longOffset: "OOOO", shortGeneric: "O", longGeneric: "OOOO" })[zn];
      if (zn && tp) {
        var ck = tk.replace(/(.)\1/g, "$1") + "z", Z = pat(L, tw ? "hmsz" : "Hmsz"), T = pat(L, tw ? "hms" : "Hms");
        if (ck in L.P) tp = widen(L.P[ck], tk).replace("z", zw);
        else tp = (Z.indexOf(T) >= 0 ? Z.replace(T, "{0}") : "{0} z").replace("z", zw).replace("{0}", tp);
      }
      if (dp && tp) r = pat(L, "G" + (W === "long" && M === "long" ? "f" : M === "long" ? "l" : M === "short" || M === "narrow" ? "m" : "s")).replace("{1}", dp).replace("{0}", tp);
      else r = dp || tp;
      if (zn && !tp) r = pat(L, "Gs").replace("{1}", r).replace("{0}", zw);
    }
    return mapF(r, function (c, n, m) {
      if (c === "h" && hc === "h11") return n > 1 ? "KK" : "K";
      if (c === "H" && hc === "h24") return n > 1 ? "kk" : "k";
      if (c === "h" && hc === "h23") return n > 1 ? "HH" : "H";
      if (c === "H" && hc === "h12") return n > 1 ? "hh" : "h";
      return m;
    });
  }
  function toTime(x) {
    x = x === undefined ? Date.now() : Number(x);
    if (!isFinite(x) || Math.abs(x) > 8.64e15) throw rangeErr("Invalid time value");
    return x;
  }
  var TYPES = { G: "era", y: "year", M: "month", L: "month", d: "day", E: "weekday", c: "weekday", a: "dayPeriod",
    h: "hour", H: "hour", K: "hour", k: "hour", m: "minute", s: "second", S: "fractionalSecond", z: "timeZoneName", O: "timeZoneName" };
  function dtParts(s, x) {
    var t = new Date(toTime(x)), L = s.L, out = [];
    var Y = t.getUTCFullYear(), Mo = t.getUTCMonth(), h = t.getUTCHours(), wd = t.getUTCDay();
    var list = function (k, i) { return L[k].split("|")[i]; };
    s.pat.replace(/'([^']*)'|([A-Za-z])\2*|[^'A-Za-z]+/g, function (m, q, c) {
      if (q !== undefined) return push(out, "literal", q || "'"), "";
      if (!c) return push(out, "literal", m), "";
      var n = m.length, v, w = n === 4 ? "l" : n === 5 ? "n" : "s";
      switch (c) {
        case "G": v = list("er", (Y > 0 ? 0 : 3) + (n === 4 ? 1 : n === 5 ? 2 : 0)); break;
        case "y": v = Y > 0 ? Y : 1 - Y; v = n === 2 ? pad(v % 100, 2) : String(v); break;
        case "M": case "L": v = n < 3 ? pad(Mo + 1, n) : list("m" + w + (c === "L" && L["m" + w + "S"] ? "S" : ""), Mo); break;
        case "d": v = pad(t.getUTCDate(), n); break;
        case "E": v = list("w" + w, wd); break;
        case "c": v = list(L["w" + w + "S"] ? "w" + w + "S" : "w" + w, wd); break;
        case "a": v = list("ap", h < 12 ? 0 : 1); break;
        case "h": v = pad(h % 12 || 12, n); break;
        case "K": v = pad(h % 12, n); break;
        case "H": v = pad(h, n); break;
        case "k": v = pad(h || 24, n); break;
        case "m": v = pad(t.getUTCMinutes(), n); break;
        case "s": v = pad(t.getUTCSeconds(), n); break;
        case "S": v = pad(t.getUTCMilliseconds(), 3).slice(0, n); break;
        case "z": v = n < 4 ? "UTC" : L.tz; break;
        case "O": v = (L.lang === "fr" ? "UTC" : "GMT") + (n < 4 ? "+0" : "+00:00"); break;
        default: v = m;
      }
      out.push({ type: TYPES[c] || "literal", value: v });
      return "";
    });
    return out;
  }
  DateTimeFormat.supportedLocalesOf = supported;
  tag(DateTimeFormat, DTFN);
  // V8 (Node 20) replaces U+202F with a plain space in format() but not in formatToParts()
  function dtStr(p) { return partsStr(p).replace(/\u202f/g, " "); }
  defGetter(DateTimeFormat.prototype, "format", function (x) { return dtStr(dtParts(this._s, x)); });
  DateTimeFormat.prototype.formatToParts = function (x) { return dtParts(this._s, x); };
  // Simplified ranges: identical renderings collapse, otherwise "start – end".
  function rangeParts(self, a, b) {
    if (a === undefined || b === undefined) throw typeErr("startDate or endDate is undefined");
    var s = self._s, pa = dtParts(s, a), pb = dtParts(s, b);
    if (partsStr(pa) === partsStr(pb)) return pa.map(function (p) { p.source = "shared"; return p; });
    pa.forEach(function (p) { p.source = "startRange"; });
    pb.forEach(function (p) { p.source = "endRange"; });
    return pa.concat([{ type: "literal", value: "\u2009\u2013\u2009", source: "shared" }], pb);
  }
  DateTimeFormat.prototype.formatRange = function (a, b) { return dtStr(rangeParts(this, a, b)); };
  DateTimeFormat.prototype.formatRangeToParts = function (a, b) { return rangeParts(this, a, b); };
  DateTimeFormat.prototype.resolvedOptions = function () {
    var s = this._s, o = { locale: s.locale, calendar: "gregory", numberingSystem: "latn", timeZone: "UTC" }, f = {};
    if (s.hc) { o.hourCycle = s.hc; o.hour12 = s.hc === "h11" || s.hc === "h12"; }
    if (s.ds || s.ts) {
      if (s.ds) o.dateStyle = s.ds;
      if (s.ts) o.timeStyle = s.ts;
      return o;
    }
    // V8 derives these by substring search over the raw pattern (quoted literals
    // included, first hit wins); mirror that so resolvedOptions() agrees with Node.
    var pt = s.pat, R = "weekday:EEEEE/narrow,EEEE/long,E/short,ccccc/narrow,cccc/long,c/short;era:GGGGG/narrow,GGGG/long,G/short;" +
      "year:yy/2-digit,y/numeric;month:MMMMM/narrow,MMMM/long,MMM/short,MM/2-digit,M/numeric,LLLLL/narrow,LLLL/long,LLL/short,LL/2-digit,L/numeric;" +
      "day:dd/2-digit,d/numeric;hour:HH/2-digit,H/numeric,hh/2-digit,h/numeric,kk/2-digit,k/numeric,KK/2-digit,K/numeric;" +
      "minute:mm/2-digit,m/numeric;second:ss/2-digit,s/numeric;fractionalSecond:SSS/3,SS/2,S/1";
    R.split(";").forEach(function (e) {
      var kv = e.split(":");
      kv[1].split(",").some(function (x) {
        x = x.split("/");
        return pt.indexOf(x[0]) >= 0 && (f[kv[0]] = kv[0] === "fractionalSecond" ? +x[1] : x[1]);
      });
    });
    if (s.f.timeZoneName) f.timeZoneName = s.f.timeZoneName;
    if (s.f.dayPeriod) f.dayPeriod = s.f.dayPeriod;
    ["weekday", "era", "year", "month", "day", "dayPeriod", "hour", "minute", "second", "fractionalSecond", "timeZoneName"].forEach(function (k) {
      if (f[k] !== undefined) o[k === "fractionalSecond" ? "fractionalSecondDigits" : k] = f[k];
    });
    return o;
  };

  // ------------------------------------------------------------ PluralRules
  function needNew(t, n) { if (!t) throw typeErr("Constructor Intl." + n + " requires 'new'"); }
  function PluralRules(locales, options) {
    needNew(this instanceof PluralRules, "PluralRules");
    var r = resolve(locales), o = opts(options), nfo = {};
    var s = slot(this, { locale: r.key.split("-")[0], L: rec(r.key), type: getStr(o, "type", "cardinal ordinal", "cardinal", "Intl.PluralRules") });
    "minimumIntegerDigits minimumFractionDigits maximumFractionDigits minimumSignificantDigits maximumSignificantDigits roundingPriority roundingMode roundingIncrement trailingZeroDisplay".split(" ").forEach(function (k) { if (o[k] !== undefined) nfo[k] = o[k]; });
    s.nf = new NumberFormat(r.locale, nfo)._s;
  }
  function prCats(s) {
    var l = s.L.lang;
    if (s.type === "ordinal") return (l === "en" ? "few one two other" : l === "fr" ? "one other" : l === "it" ? "many other" : "other").split(" ");
    return CATS[l].split(" ");
  }
  PluralRules.supportedLocalesOf = supported;
  tag(PluralRules, "Intl.PluralRules");
  PluralRules.prototype.select = function (n) {
    var s = this._s, x = Number(n);
    if (!isFinite(x)) return "other";
    return plural(s.L.lang, nfParts(s.nf, x).d, s.type === "ordinal");
  };
  PluralRules.prototype.selectRange = function (a, b) { return this.select(b); };
  PluralRules.prototype.resolvedOptions = function () {
    var s = this._s, n = s.nf, o = { locale: s.locale, type: s.type, minimumIntegerDigits: n.mnid };
    if (n.rt !== "s") { o.minimumFractionDigits = n.mnfd; o.maximumFractionDigits = n.mxfd; }
    if (n.rt !== "f") { o.minimumSignificantDigits = n.mnsd; o.maximumSignificantDigits = n.mxsd; }
    o.pluralCategories = prCats(s);
    return o;
  };

  // ------------------------------------------------------------ Collator
  // Simplified UCA: primary = base letters (compatibility-decomposed, case
  // folded, diacritics stripped, a few letters expanded), secondary = accents
  // in ICU's order, tertiary = case. ICU's orders of ASCII-ish punctuation and of
  // the combining marks below were extracted from Node 20 / ICU 78.
  var PUN = "_-\u2013\u2014,;:!\u00a1?\u00bf.\u2026\u00b7'\u2018\u2019\u201a\u2039\u203a\"\u201c\u201d\u201e\u00ab\u00bb()[]{}\u00a7\u00b6@*/\\&#%\u2022`\u00b4^\u00af\u00a8\u00b8\u00b0\u00a9\u00ae+\u00b1\u00f7\u00d7<=>\u00ac|\u00a6~\u00a4\u00a2$\u00a3\u00a5\u20ac\u2122";
  var MARKS = "\u034f\u0332\u0313\u0343\u0314\u0301\u0341\u0300\u0340\u0306\u0302\u030c\u030a\u0342\u0308\u0344\u030b\u0303\u0307\u0338\u0327\u0328\u0304\u030d\u030e\u0312\u0315\u031a\u033d\u033e\u033f\u0346\u034a\u034b\u034c\u0350\u0351\u0352\u0357\u035b\u035d\u035e\u0316\u0317\u0318\u0319\u031c\u031d\u031e\u031f\u0320\u0329\u032a\u032b\u032c\u032f\u0333\u033a\u033b\u033c\u0347\u0348\u0349\u034d\u034e\u0353\u0354\u0355\u0356\u0359\u035a\u035c\u035f\u0362\u0336\u0337\u0335\u0305\u0309\u030f\u0310\u0311\u031b\u0321\u0322\u0323\u0324\u0325\u0326\u032d\u032e\u0330\u0331\u0334\u0339\u0345\u0358\u0360\u0361\u0363\u0368\u0369\u0364\u036a\u0365\u036b\u0366\u036c\u036d\u0367\u036e\u036f";
  // letters with a stroke sort as base + overlay mark; some are their own letter right after a base
  var FOLD = { "\u00f8": "o\u0338", "\u0111": "d\u0335", "\u0142": "l\u0337", "\u0127": "h\u0335" };
  var SEP = { "\u0131": "i", "\u014b": "n", "\u00f0": "d" };
  var EXP = { "\u00e6": "ae", "\u0153": "oe", "\u00df": "ss", "\u03c2": "\u03c3" }; // tertiary variants
  function colKey(str, s) {
    str = String(str);
    var cache = s.cache, key = cache.get(str);
    if (key) return key;
    var t = str.normalize("NFKD").replace(/[\u00f8\u00d8\u0111\u0110\u0142\u0141\u0127\u0126]/g, function (c) {
      var f = FOLD[c.toLowerCase()];
      return c === c.toLowerCase() ? f : f[0].toUpperCase() + f.slice(1);
    }), P = [], A = [], C = [], i = 0, m;
    if (s.L.lang === "es") t = t.replace(/([nN])\u0303/g, "$1\u0000");
    while (i < t.length) {
      var cp = t.codePointAt(i), ch = cp > 0xffff ? String.fromCodePoint(cp) : t[i];
      i += ch.length;
      if ((cp >= 0x300 && cp <= 0x36f) || !cp) {
        if (!cp) P[P.length - 1] += 0.5;
        else if (A.length) { var w = MARKS.indexOf(ch); A[A.length - 1] += String.fromCharCode(w < 0 ? 0x200 + cp : 0x100 + w); }
        continue;
      }
      if (cp >= 48 && cp <= 57) {
        if (s.numeric) {
          m = /^[0-9]*/.exec(t.slice(i))[0];
          var run = (ch + m).replace(/^0+(?=.)/, "");
          i += m.length;
          P.push(3e6 + run.length); A.push(""); C.push(0);
          for (var j = 0; j < run.length; j++) { P.push(3e6 + 100 + +run[j]); A.push(""); C.push(0); }
        } else { P.push(3e6 + 52 + cp); A.push(""); C.push(0); }
        continue;
      }
      var lo = ch.toLowerCase(), up = lo !== ch ? 1 : 0;
      if (!up && ch.toUpperCase() === ch && !/\p{L}/u.test(ch)) {
        if (s.ip && /[\s\p{P}]/u.test(ch)) continue; // only spaces and punctuation are "variable"
        var k = PUN.indexOf(ch);
        P.push(/\s/.test(ch) ? 1e6 + cp : k >= 0 ? 2e6 + 2 * k : /\p{N}/u.test(ch) ? 3e6 + 200 + cp / 1e7 : 2e6 + 2 * PUN.indexOf("~") + 1 + cp / 1e7);
        A.push(""); C.push(0);
        continue;
      }
      var e = EXP[lo] || SEP[lo] || lo;
      for (var q = 0; q < e.length; q++) {
        var code = e.charCodeAt(q);
        P.push((code < 0x250 ? 4e6 : 5e6) + code + (SEP[lo] ? 0.5 : 0)); A.push(EXP[lo] ? "\uffff" : ""); C.push(up);
      }
    }
    if (cache.size > 2000) cache.clear();
    cache.set(str, key = { p: P, a: A, c: C });
    return key;
  }
  function cmpArr(x, y) {
    for (var i = 0; i < x.length && i < y.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
  }
  function Collator(locales, options) {
    var self = this instanceof Collator ? this : Object.create(Collator.prototype);
    var r = resolve(locales), o = opts(options), W = "Intl.Collator";
    var s = slot(self, { locale: r.locale, L: rec(r.key) });
    s.usage = getStr(o, "usage", "sort search", "sort", W);
    getStr(o, "localeMatcher", "lookup best fit", "", W);
    getStr(o, "collation", null, "", W);
    var num = getBool(o, "numeric");
    s.numeric = !!num;
    s.cf = getStr(o, "caseFirst", "upper lower false", "false", W);
    s.sens = getStr(o, "sensitivity", "base accent case variant", "variant", W);
    s.ip = !!getBool(o, "ignorePunctuation");
    s.cache = new Map();
    return self;
  }
  Collator.supportedLocalesOf = supported;
  tag(Collator, "Intl.Collator");
  defGetter(Collator.prototype, "compare", function (a, b) {
    var s = this._s, x = colKey(a, s), y = colKey(b, s), c = cmpArr(x.p, y.p);
    if (c || s.sens === "base") return c;
    if (s.sens !== "case" && (c = cmpArr(x.a, y.a))) return c;
    if (s.sens !== "accent" && (c = cmpArr(x.c, y.c))) return s.cf === "upper" ? -c : c;
    // remaining tertiary differences: compatibility variants such as "\ufb01" vs "fi"
    x = String(a).normalize("NFD"); y = String(b).normalize("NFD");
    if (s.sens !== "variant" || x.normalize("NFKD") !== y.normalize("NFKD")) return 0;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  Collator.prototype.resolvedOptions = function () {
    var s = this._s;
    return { locale: s.locale, usage: s.usage, sensitivity: s.sens, ignorePunctuation: s.ip, collation: "default", numeric: s.numeric, caseFirst: s.cf };
  };

  // ------------------------------------------------------------ RelativeTimeFormat
  var RTU = "year quarter month week day hour minute second".split(" ");
  function RelativeTimeFormat(locales, options) {
    needNew(this instanceof RelativeTimeFormat, "RelativeTimeFormat");
    var r = resolve(locales), o = opts(options), W = "Intl.RelativeTimeFormat";
    getStr(o, "localeMatcher", "lookup best fit", "", W);
    getStr(o, "numberingSystem", null, "", W);
    slot(this, { locale: r.locale, L: rec(r.key), style: getStr(o, "style", "long short narrow", "long", W),
      numeric: getStr(o, "numeric", "always auto", "always", W), nf: new NumberFormat(r.locale)._s });
  }
  function rtParts(s, value, unit) {
    var u = String(unit), k = RTU.indexOf(u.replace(/s$/, ""));
    if (k < 0) throw rangeErr("Invalid unit argument for format() '" + u + "'");
    var x = Number(value);
    if (!isFinite(x)) throw rangeErr("Invalid number value");
    // "r?" data: "past|future" templates (or empty), then per unit "nouns|auto" or "past|future|auto"
    var L = s.L, d = L["r" + s.style[0]];
    if (d[0] === "=") d = L[d.slice(1)];
    d = d.split(";");
    var t = d[0] && d[0].split("|"), e = d[k + 1].split("|"), neg = x < 0 || (x === 0 && 1 / x < 0);
    if (s.numeric === "auto" && x >= -2 && x <= 2 && x === Math.round(x)) {
      var ph = e[t ? 1 : 2].split("~")[x + 2];
      if (ph) return [{ type: "literal", value: ph }];
    }
    var np = nfParts(s.nf, Math.abs(x)), w = t ? t[neg ? 0 : 1].replace("{0}", form(L.lang, e[0], np.d)) : form(L.lang, e[neg ? 0 : 1], np.d);
    var p = w.split("#"), out = [];
    push(out, "literal", p[0]);
    np.forEach(function (q) { out.push({ type: q.type, value: q.value, unit: RTU[k] }); });
    push(out, "literal", p[1]);
    return out;
  }
  RelativeTimeFormat.supportedLocalesOf = supported;
  tag(RelativeTimeFormat, "Intl.RelativeTimeFormat");
  RelativeTimeFormat.prototype.format = function (v, u) { return partsStr(rtParts(this._s, v, u)); };
  RelativeTimeFormat.prototype.formatToParts = function (v, u) { return rtParts(this._s, v, u); };
  RelativeTimeFormat.prototype.resolvedOptions = function () {
    var s = this._s;
    return { locale: s.locale, style: s.style, numeric: s.numeric, numberingSystem: "latn" };
  };

  // ------------------------------------------------------------ ListFormat
  function ListFormat(locales, options) {
    needNew(this instanceof ListFormat, "ListFormat");
    var r = resolve(locales), o = opts(options), W = "Intl.ListFormat";
    getStr(o, "localeMatcher", "lookup best fit", "", W);
    slot(this, { locale: r.locale, L: rec(r.key), type: getStr(o, "type", "conjunction disjunction unit", "conjunction", W),
      style: getStr(o, "style", "long short narrow", "long", W) });
  }
  function lfParts(s, list) {
    var a = [], out = [];
    if (list !== undefined) for (var it = list[Symbol.iterator](), n; !(n = it.next()).done;) {
      if (typeof n.value !== "string") throw typeErr("Iterable yielded " + String(n.value) + " which is not a string");
      a.push(n.value);
    }
    var sep = s.L["l" + s.type[0] + s.style[0]].split("|");
    a.forEach(function (x, i) {
      if (i) {
        var g = a.length === 2 ? sep[0] : i === 1 ? sep[1] : i === a.length - 1 ? sep[3] : sep[2];
        if (s.L.lang === "es") {
          if (g === " y " && /^h?i(?![aeiou\u00e1\u00e9\u00ed\u00f3\u00fa])/i.test(x)) g = " e ";
          if (g === " o " && /^(h?o|8|11(?!\d))/i.test(x)) g = " u ";
        }
        push(out, "literal", g);
      }
      out.push({ type: "element", value: x });
    });
    return out;
  }
  ListFormat.supportedLocalesOf = supported;
  tag(ListFormat, "Intl.ListFormat");
  ListFormat.prototype.format = function (l) { return partsStr(lfParts(this._s, l)); };
  ListFormat.prototype.formatToParts = function (l) { return lfParts(this._s, l); };
  ListFormat.prototype.resolvedOptions = function () {
    var s = this._s;
    return { locale: s.locale, type: s.type, style: s.style };
  };

  // ------------------------------------------------------------ Intl + helpers
  var Intl = {
    getCanonicalLocales: function (l) { return canonList(l); },
    supportedValuesOf: function (k) {
      var v = { calendar: ["gregory"], collation: ["default"], currency: CURS.slice().sort(), numberingSystem: ["latn"],
        timeZone: ["UTC"], unit: UNITS.slice().sort() }[k];
      if (!v) throw rangeErr("Invalid key : " + k);
      return v.slice();
    },
    NumberFormat: NumberFormat, DateTimeFormat: DateTimeFormat, PluralRules: PluralRules, Collator: Collator,
    RelativeTimeFormat: RelativeTimeFormat, ListFormat: ListFormat
  };
  Object.defineProperty(Intl, Symbol.toStringTag, { value: "Intl", configurable: true });
  // built-in style: methods, statics and namespace members are non-enumerable
  [Intl, NumberFormat, DateTimeFormat, PluralRules, Collator, RelativeTimeFormat, ListFormat].forEach(function (o) {
    [o, o.prototype].forEach(function (t) {
      if (t) Object.keys(t).forEach(function (k) { Object.defineProperty(t, k, { enumerable: false }); });
    });
  });
  var cache = {};
  function cached(kind, locales, options, make) {
    if (options !== undefined || (locales !== undefined && typeof locales !== "string")) return make();
    var k = kind + String(locales);
    return cache[k] || (cache[k] = make());
  }
  function numberToLocaleString(x, locales, options) {
    if (x !== null && typeof x === "object") x = x.valueOf();
    return partsStr(nfParts(cached("n", locales, options, function () { return new NumberFormat(locales, options); })._s, x));
  }
  function dateFn(req, defs) {
    return function (d, locales, options) {
      var t = Number(d instanceof Date ? d.getTime() : d);
      if (t !== t) return "Invalid Date";
      var f = cached(req, locales, options, function () { return dtfInit(Object.create(DateTimeFormat.prototype), locales, options, req, defs); });
      return dtStr(dtParts(f._s, t));
    };
  }
  function stringLocaleCompare(a, b, locales, options) {
    return cached("c", locales, options, function () { return new Collator(locales, options); }).compare(String(a), String(b));
  }
  return {
    Intl: Intl,
    numberToLocaleString: numberToLocaleString,
    dateToLocaleString: dateFn("any", "all"),
    dateToLocaleDateString: dateFn("date", "date"),
    dateToLocaleTimeString: dateFn("time", "time"),
    stringLocaleCompare: stringLocaleCompare
  };
})();
