// Capsule guest Intl locale data, part 1 of 3 (en, en-GB, en-IN, de), loaded by intl-core.js (through the prelude's
// guestFile power) the first time a run needs a locale it holds (always, when any is: en is every locale's root).
// Generated: extracted from Node 20 / ICU 78 (CLDR 48); one string per locale ("key value" lines) because string
// literals parse far faster than object literals or code in QuickJS (see guest/README.md, "Regenerating the data").
// Split in three only to keep each file under 400 lines. Plain ES2020 global script; completion value: { <locale>:
// <record text> }.
// Refuses host access and global state: it is data, and assigns no global.
(function () {
  "use strict";
  // @@DATA-BEGIN part 1
  return {
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
  };
  // @@DATA-END part 1
})();
