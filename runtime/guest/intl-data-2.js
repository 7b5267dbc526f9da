// Capsule guest Intl locale data, part 2 of 3 (fr, es, it, pt), loaded by intl-core.js (through the prelude's guestFile
// power) the first time a run needs a locale it holds. Generated: extracted from Node 20 / ICU 78 (CLDR 48); one string
// per locale ("key value" lines) because string literals parse far faster than object literals or code in QuickJS (see
// guest/README.md, "Regenerating the data"). Split in three only to keep each file under 400 lines. Plain ES2020 global
// script; completion value: { <locale>: <record text> }.
// Refuses host access and global state: it is data, and assigns no global.
(function () {
  "use strict";
  // @@DATA-BEGIN part 2
  return {
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
  };
  // @@DATA-END part 2
})();
