"""The role a number plays in its sentence, per language: card value, or one of the harmless roles.

A number is read by the words around it, the way a player reads it: "um 8" is a time, "zu dritt" a
player count, "le 3 mars" a date, "j'en pose trois" a count, "the 47" a card. Each harmless role is
a small rule over the words before and after the number (folded, see `lexicon.fold`) in the four
languages; what no rule explains is a card value when it is 10 or more, and a count when it is a
small number that nothing ties to a card ("could lay three more"). The live keeper settles those
small numbers with the sender's hand (see `detector.check`).
"""

from __future__ import annotations

import re


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


MONTHS = _set(
    "january february march april june july august september october november december jan feb "
    "apr jun jul aug sep sept oct nov dec januar jaenner februar maerz mai juni juli oktober "
    "dezember janvier fevrier mars avril juin juillet aout septembre octobre novembre decembre "
    "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre"
)
DAY_NAMES = _set(
    "monday tuesday wednesday thursday friday saturday sunday thurs "
    "montag dienstag mittwoch donnerstag freitag samstag sonntag sonnabend lundi mardi mercredi "
    "jeudi vendredi samedi dimanche lunes martes miercoles jueves viernes sabado domingo"
)
WEEKDAYS = DAY_NAMES | _set("tomorrow tonight today morgen heute abend demain soir manana noche hoy")
TIME_BEFORE = _set("at um ab gegen vers hacia till until by bis from von seit desde")
TIME_AFTER = _set(
    "uhr h pm oclock o'clock heures heure horas hora sharp punkt pile ish morgens abends nachts"
)
# Words after a number that make it a quantity of time: durations and ages.
UNITS = _set(
    "s sec secs second seconds sek sekunde sekunden seg segundo segundos seconde secondes min mins "
    "minute minutes minuten minuto minutos m h hr hrs hour hours stunde stunden std heure heures hora "
    "horas day days tag tage tagen jour jours dia dias week weeks woche wochen semaine semaines "
    "semana semanas month months monat monate mois mes meses year years yr yrs jahr jahre jahren an "
    "ans ano anos yo ms sekunden tagen nights naechte nuits noches mal fois vez veces times time "
    "degree degrees grad degre degres grado grados ° km kg cm kmh mph "
    # measures: "55 Zoll", "200 g de farine", "50 cl de lait", "40 longueurs", "20 Bahnen"
    "zoll inch inches pouce pouces pulgada pulgadas g gr gramm gramme grammes gramos cl ml dl liter "
    "litre litres litro litros mm meter metre metres metro metros laps lengths bahnen longueurs largos "
    "tonnen tonnes tons toneladas "
    # rates: "73 wpm", "a song at 120 bpm"
    "wpm bpm rpm"
)
# Years of age, and the slang of each language for them: "à 60 balais", "mit 60 Lenzen", "40 tacos",
# "quince abriles".
AGE_AFTER = _set(
    "years year yo jahre jahr ans ano anos jaehrig balais piges berges printemps lenze lenzen tacos "
    "abriles primaveras summers"
)
PEOPLE = _set(
    "kid kids son daughter niece nephew grandma grandpa granny gran nan mom mum dad brother sister "
    "cousin wife husband boyfriend girlfriend friend baby opa oma sohn tochter neffe nichte bruder "
    "schwester mama papa vater mutter kind enkel cousine frau mann mamie papi fils fille niece neveu "
    "frere soeur grand-mere abuela abuelo hijo hija sobrino sobrina hermano hermana madre padre nieto "
    "nieta tio tia abuelita uncle aunt auntie onkel tante oncle tata tonton grandson granddaughter enkelin "
    "chaval chavala chico chica nene nena pibe piba crio cria ado ados gamin gamine gosse "
    "lad lass boy girl bro sis youngest eldest oldest junge maedchen kleine kleiner garcon fiston frangin "
    "frangine chamaco chamaca mijo mija peque hermanito hermanita "
    "grandad granddad gramps grandmother grandfather opa oma uroma uropa "
    "vieja suegra suegro schwiegermutter schwiegervater belle-mere beau-pere mother-in-law"
)
AGE_VERBS = _set("turning turned turns werd werde wird werden wurde cumplo cumple cumplio fete")
PLAYER_NOUNS = _set(
    "player players spieler spielern spielerin leute leuten personen people persons folks guys "
    "joueurs joueur joueuses personnes gens jugadores jugador personas gente person"
)
PLAYER_WORDS = re.compile(
    r"\bzu\s+(?:zweit|zwoeit|dritt|dritte|viert|viere|fuenft|fuefte|foifte|sechst|saechsi|siebt|acht)\b"
)
# Nouns after a number that make it a count of things at or away from the table.
COUNT_NOUNS = _set(
    "card cards karte karten handkarten carte cartes carta cartas stueck ones piles stapel pilas "
    "turn turns move moves zug zuege zuegen round rounds runde runden game games spiel spiele partie "
    "partien matchs episoden episodes episodios parties partida partidas manche manches win wins loss "
    "losses tries try attempts "
    "attempt points "
    "pts punkte punkten tours turnos sieg siege niederlagen seat seats friends others draws steps tricks "
    "coffees beers pizzas kinder kids bier biere cola flaschen parts paquets litros cafes pizza "
    "slices cervezas victoires victorias derrotas defaites partidas jugadas coups fois veces mal times "
    "teams equipos equipes mannschaften gruppen groups grupos groupes strikes warnings verwarnungen avisos "
    "avertissements titles titres titel titeln titulos trophies trophees trofeos pokale"
)
CARD_NOUNS = _set("card cards karte karten carte cartes carta cartas stueck ones")
MORE = _set("more mehr plus mas otra otras otro otros weitere extra")
ONLY = _set("only just nur noch solo solamente seulement sólo que")
IN_HAND = re.compile(
    r"^\s*(?:in\s+(?:my\s+)?hand|auf\s+der\s+hand|en\s+main|en\s+la\s+mano|in\s+der\s+hand|left|uebrig|"
    r"restantes|de\s+siempre|each|jeder|chacun|cada\s+uno)\b"
)
# A count asked for, or the rules' minimum: "how many", "wie viele", "minimum 2 per turn".
COUNT_QUESTION = re.compile(
    r"\bhow\s+many\b|\bwie\s*viele?\b|\bcombien\b|\bcuant[oa]s\b|\bminimum\b|\bminimo\b|\bmin\b|"
    r"\bpro\s+zug\b|\bper\s+turn\b|\bpar\s+tour\b|\bpor\s+turno\b|\bobligatori[ao]s\b|\bpflicht"
)
TIME_QUESTION = re.compile(
    r"\bwhen\b|\bwhat\s+time\b|\bwann\b|\bum\s+wie\s*viel\b|\bquand\b|\bquelle\s+heure\b|\bcuando\b|"
    r"\bque\s+hora\b|\bhora\b"
)
TIME_WORDS = re.compile(
    r"\bhalf\s+past\b|\bquarter\s+(?:past|to)\b|\b(?:viertel|dreiviertel)\s+(?:nach|vor)?\b|\bhalb\b|"
    r"\bvor\s+zwoelf\b|\bet\s+(?:quart|demie)\b|\bmoins\s+le\s+quart\b|\by\s+(?:cuarto|media)\b|"
    r"\bmenos\s+(?:cuarto|veinte|diez|cinco)\b|\b(?:son|a|de|hasta|desde|sobre|hacia|para)\s+las\b|"
    r"\b(?:es|a)\s+la\s+una\b"
)
# Strings without which TIME_WORDS cannot match: every alternative above needs one of them.
TIME_WORDS_KEYS = (
    "half",
    "quart",
    "viertel",
    "halb",
    "zwoelf",
    "demie",
    "cuarto",
    "media",
    "menos",
    "las",
    "una",
)
RESULT = re.compile(
    r"\b(?:lost|won(?!')|ended|finished|record|verloren|gewonnen|endstand|bestleistung|"
    r"abgebrochen|geblieben|verkackt|vergeigt|versemmelt|perdu|gagne|gagnes|fini|finie|bilan|perdimos|ganamos|ganado|perdido|"
    r"terminamos|acabamos|quedaron|gg|score|not\s+laid|nicht\s+gelegt\w*|non\s+posees|sin\s+jugar|"
    r"sin\s+colocar|left\s+over|rest|übrig|uebrig|(?<!im\s)uebrige[nr]?|exzellent|excellent|excelente|ausgezeichnet|at\s+the\s+end|"
    r"am\s+ende|a\s+la\s+fin|al\s+final|final\s+score|score\s+final|"
    r"restait|restaient|quedaban|lagen|remaining|rekord|neuer\s+rekord|new\s+record|verbessert|improved|"
    r"personal\s+best|pb|(?:puntuacion|puntaje|resultado|score|ergebnis)\s+final|puntuacion|puntaje|resultado|resultat|ergebnis|hervorragend|sin\s+bajar|"
    r"sin\s+poner|sin\s+tirar|partida\s+anterior|last\s+game|letzte[ns]?\s+(?:runde|partie|spiel)|"
    r"derniere\s+partie|partie\s+d'avant|ultima\s+partida|tout\s+pose|alles\s+gelegt|all\s+laid|"
    r"fin\s+de\s+(?:la\s+)?(?:partie|partida)|end\s+of\s+(?:the\s+)?game|game\s+over|spielende|"
    r"ende\s+der\s+(?:partie|runde))\b"
)
MONEY_WORDS = _set(
    "euro euros eur dollar dollars bucks usd cent cents pence quid franc francs chf balles centimes "
    "pavos pelas pesos dolar dolares libras mxn lucas luca mangos duros kroeten maeuse moneten tacken "
    "euronen oecken "
    "piastres piastre piasses piasse stutz stutzli franken fraenkli"
)
CURRENCY = frozenset("€$£¥")
LABELS = _set(
    "v version versao android ios python node java windows macos ubuntu chrome firefox level lvl "
    "bus autobus line linie ligne linea buslinie route flight room zimmer salle track episode folge "
    "staffel season "
    "chapter kapitel page seite tome teil nummer numero nr gate platz seat sitz "
    "gleis platform quai anden terminal tram vol size groesse schuhgroesse taille pointure talla "
    "day tag jour dia stock etage piso floor "
    "jahrgang class clase promo generation gen iphone galaxy pixel ps xbox fifa mario zelda apollo "
    "windows win patch build nivel niveau stufe "
    # numbered parts of a course or a project: "Lektion 12", "sprint 12", "tema 9", "exercice 14"
    "lesson lektion lecon leccion unit unite einheit unidad tema module modul modulo sprint milestone "
    "exercise exercice ejercicio uebung aufgabe task ticket issue ausgabe numero "
    # parts of a text: "section 2.1 of the rules", "Abschnitt 3.2"
    "section abschnitt seccion paragraph paragraphe absatz paragrafo article articulo artikel"
)
# Words of software: a number written with a dot beside one is a version ("la app va por la 3.2").
SOFTWARE = _set(
    "app apps update updates version versions versao release firmware software beta alpha patch build "
    "android ios python windows macos linux ubuntu driver treiber mise-a-jour actualizacion aplicacion "
    "appli application anwendung programm programa logiciel navegador browser plugin addon launcher"
)
# Words of software that also name the game's own bot or people in the channel: a number with a dot is
# a version only right beside one ("el bot 2.1", "is the bot still on 1.8?").
SOFTWARE_NEAR = _set("bot bots discord server servidor serveur client")
GAME_ORDINAL_BEFORE = _set(
    "round game match runde spiel partie ronda partida manche level table team turn zug tour turno lap "
    "best bo top partien juego"
)
PILE = _set(
    "pile piles stack stacks stapel stapels pila pilas monton montones tas column columns colonne colonnes "
    "columna columnas spalte spalten"
)
TOP = _set("top tops oben sommet dessus tope arriba haut")
DIRECTION = _set(
    "up down ascending descending aufsteigend absteigend aufwaerts abwaerts aufwaertsstapel "
    "abwaertsstapel montent descendent montante descendante suben bajan sube baja ascendente "
    "descendente going"
)
TRICK = _set(
    "trick tricks back backward backwards reverse rueckwaerts zurueck zurueckdrehen zurueckspringen "
    "retour arriere astuce astuces coup truco trucos retroceso retrocesos atras jump jumps sprung saut salto "
    "below above under over up down drueber drunter dessous dessus encima debajo remonter subir "
    "bajar golpe minus moins menos plus mas ten-back reverse-by-ten rule regel regla regle runter "
    "rueckwaertstrick zehnertrick recul reculer recule retroceder retrocede retrocedo ruecksprung"
)
BOUND_BEFORE = _set(
    "under below than unter als weniger moins menos que de over above ueber über plus max maximum "
    "mindestens hoechstens at least most"
)
# Words just before a number that tie it to a card.
ARTICLES = _set(
    "the a an this that die der den dem ne nen ner 'ne ein eine einen einer einem le la l un une ce "
    "cette el una ese esa este esta lo"
)
HAVE = _set(
    "have got hold holding holds drew drawn has had hab habe hast hat haette hatte halte haelt "
    "ai as avais tengo tienes tiene tenia llevo llevas me sitting stuck keep keeping offer anbieten hob "
    "jai g having"
)
MINE = re.compile(
    r"\b(?:(?<!\bat\s)(?<!\bto\s)mine|my\s+card|my\s+(?:lowest|highest|best|number)|meine|meiner|la\s+mienne|le\s+mien|ma\s+carte|"
    r"mi\s+carta|la\s+mia|el\s+mio|lowest|highest|plus\s+petite|plus\s+haute|plus\s+grande|mas\s+baja|"
    r"mas\s+alta|bajita|niedrigste[rn]?|hoechste[rn]?|kleinste[rn]?|groesste[rn]?|plus\s+bas|plus\s+haut|"
    r"plus\s+petit|plus\s+grand|mas\s+bajo|mas\s+alto)\b"
)
ASKING_BEFORE = re.compile(
    r"\b(?:anyone|anybody|somebody|someone|who|whos|wer|jemand|qui|quelqu|quien|alguien|alguno)\b"
)
ON_PILE = _set("on onto auf aufs sur en")
SLANG = re.compile(
    r"(?:^|\s)(?:<3+|:3|8\)|8-\)|o7|n8|gr8|l8r|w8|b4|4u|2day|2nite|4ever|m8|h8)(?=\s|$|[.!?,])"
)
# Numbers that are part of a fixed expression: idioms, titles and sayings. Matched on folded text.
IDIOMS = re.compile(
    r"sixes\s+and\s+sevens|cloud\s+nine|to\s+the\s+nines|high\s+five|nine\s+times\s+out\s+of\s+ten|"
    r"six\s+of\s+one|half\s+a\s+dozen\s+of|two\s+and\s+two|catch.?22|ocean'?s\s+(?:eleven|twelve|thirteen|8|11|12|13)|"
    r"seven\s+samurai|se7en|fahrenheit\s+451|a\s+million\s+times|two\s+birds|nine\s+lives|"
    r"on\s+all\s+fours|in\s+two\s+minds|the\s+third\s+degree|twenty\s+questions|"
    r"wolke\s+sieben|siebten?\s+himmel|fuenfe?\s+gerade|alle\s+neune|unter\s+vier\s+augen|sieben\s+zwerge|"
    r"zwei\s+fliegen|drei\s+\?\?\?|sechser\s+im\s+lotto|auf\s+achse|hundertmal|tausendmal|"
    r"ausser\s+acht|auf\s+zwei\s+hochzeiten|in\s+acht|eins\s+a\b|"
    r"son\s+trente.et.un|trente-six\s+chandelles|trente.sixieme\s+dessous|trente.six\s+fois|en\s+quatre|quatre\s+cents\s+coups|"
    r"quatre\s+epingles|septieme\s+ciel|douze\s+travaux|12\s+travaux|cinquieme\s+element|"
    r"deux\s+temps\s+trois\s+mouvements|tous\s+les\s+deux|toutes\s+les\s+deux|entre\s+quatre\s+yeux|"
    r"quoi\s+de\s+neuf|tout\s+neuf|(?:c\W?\s*est|cest)\s+neuf\s+comme|rien\s+de\s+neuf|quelque\s+chose\s+de\s+neuf|remise?s?\s+a\s+neuf|flambant\s+neuf|"
    r"(?:tres|cuatro)\s+en\s+raya|puissance\s+(?:4|quatre)|vier\s+gewinnt|connect\s+(?:4|four)|"
    r"(?:sechste|siebte)[nr]?\s+sinn|sixth\s+sense|sixieme\s+sens|(?:sexto|septimo)\s+sentido|"
    r"(?:douze|12)\s+hommes\s+en\s+colere|(?:twelve|12)\s+angry\s+men|(?:doce|12)\s+hombres\s+sin\s+piedad|"
    r"(?:zwoelf|12)\s+geschworenen|"
    r"(?:seven|sieben|sept|siete)\s+(?:deadly\s+sins|todsuenden|peches\s+capitaux|pecados\s+capitales)|"
    r"seven\s+(?:seas|wonders)|sieben\s+(?:meere|weltwunder)|sept\s+merveilles|siete\s+(?:mares|maravillas)|"
    r"10-4\s+(?:good\s+buddy|over|roger|copy)|08/15|nineteen\s+eighty.four|1984|"
    r"sudoku\s+(?:de\s+|von\s+|of\s+)?9\s*x\s*9|9\s*x\s*9\s+sudoku|null.?acht.?fuenfzehn|nullachtfuffzehn|(?:la|los|las)\s+(?:quince|15)\s+de\s+(?:mi|tu|su|la|el)\b|"
    r"hannover\s+96|schalke\s+04|mainz\s+05|bayer\s+04|darmstadt\s+98|1860\s+muenchen|"
    r"quinto\s+pino|no\s+hay\s+quinto\s+malo|cuatro\s+gatos|siete\s+enanitos|siete\s+vidas|los\s+40|dos\s+por\s+tres|"
    r"tres\s+pies|a\s+la\s+tercera|de\s+tres\s+al\s+cuarto|los\s+dos|las\s+dos|ni\s+a\s+la\s+de\s+tres|"
    r"la\s+quinta\s+de|mil\s+y\s+una|24/7|50/50|24-7|"
    r"(?:tomar|tomamos|tomo|toma|tomas|tomais|tomaron|tomemos|hora\s+de|las)\s+(?:la\s+)?onces?\b|"
    # More sayings of the four languages, most of them not seen in any corpus: fixed expressions
    # recur in chat whoever writes it.
    r"neuf\s+fois\s+sur\s+dix|nueve\s+de\s+cada\s+diez|neun\s+von\s+zehn|ten.four|"
    r"forty\s+winks|whole\s+nine\s+yards|nine.to.five|dressed\s+to\s+the\s+nines|eleventh\s+hour|"
    r"sixth\s+sense|third\s+wheel|fifth\s+wheel|two\s+cents|deep\s+six|take\s+five|high\s+five|"
    r"a\s+dime\s+a\s+dozen|ten\s+a\s+penny|seventh\s+heaven|twenty.four\s+seven|one\s+in\s+a\s+million|"
    r"sixty.four\s+(?:thousand|dollar)|four.letter\s+word|back\s+to\s+square\s+one|"
    r"square\s+one|put\s+two\s+and\s+two\s+together|two\s+peas|two.faced|"
    r"ein\s+buch\s+mit\s+sieben\s+siegeln|sieben\s+sachen|fuenfte\s+rad|um\s+fuenf\s+ecken|"
    r"alle\s+viere|schnapszahl|null\s+bock|auf\s+den\s+ersten\s+blick|"
    r"tous\s+les\s+(?:36|trente.six)\s+du\s+mois|en\s+deux.deux|quatre.quarts|un\s+de\s+ces\s+quatre|"
    r"haut\s+comme\s+trois\s+pommes|par\s+quatre\s+chemins|cheveux\s+en\s+quatre|"
    r"pierre\s+deux\s+coups|jamais\s+deux\s+sans\s+trois|cinq\s+a\s+sept|sixieme\s+sens|"
    r"cantar(?:le)?\s+las\s+cuarenta|(?:le|te|les|me|nos)\s+cant\w*\s+las\s+cuarenta|"
    r"cien\s+volando|cinco\s+sentidos|septimo\s+arte|septimo\s+cielo|"
    r"(?:son|mon|ton|sa|notre|votre|leur)\s+(?:trente.et.un|31)\b|tree\s+fiddy|brooklyn\s+nine.nine|"
    r"summer\s+of\s+(?:69|sixty.nine)|(?:99|ninety.nine)\s+red\s+balloons|"
    r"mach\w*\s+(?:\w+\s+)?(?:ne|eine|n)\s+(?:fuffzehn|fuenfzehn)\b|"
    r"veinte\s+poemas|sum\s+41|99\s+luftballons|neunundneunzig\s+luftballons|"
    r"l'?\s*an\s+quarante|six.quatre.deux|"
    r"(?:caer|cai|caiste|cayo|caimos|caigo|cae|caia|caera|cayendo)\s+(?:en\s+)?el\s+veinte|"
    r"(?:cupon|cupones|sorteo|loteria|vendedor|vendedora|kiosko|kiosco)\s+de\s+la\s+once|cero\s+a\s+la\s+izquierda|en\s+(?:sus|mis|tus|nuestros)\s+trece|"
    r"(?:hacer|hice|hizo|hiciste|hecho|hace)(?:me|te|se)?\s+un\s+siete|once\s+(?:titular|inicial|ideal)|"
    r"fiesta\s+de\s+(?:quince|15)|quinceanera|xv\s+de\s+france|(?:du|le)\s+(?:9.3|neuf.trois)\b|"
    r"vingt.dieux|39\s+(?:stufen|steps|marches)|thirty.nine\s+steps|neununddreissig\s+stufen|"
    r"(?:tend\w*|tiend\w*)\s+(?:me\s+|te\s+|le\s+|les\s+)?un\s+cuatro\b|gruene?\s+neune|(?:40|quarante)\s+voleurs|(?:40|cuarenta)\s+ladrones|(?:40|forty)\s+thieves|(?:40|vierzig)\s+raeuber|50.50|cincuenta.cincuenta|cinquante.cinquante|fifty.fifty|fuenfzig.fuenfzig|"
    # Sayings and titles that came back with several writers of the stage's rounds (r15h..r27h).
    r"36\s+(?:chandelles|solutions|facons|manieres)|trente.six\s+(?:chandelles|solutions|facons|manieres)|treize\s+a\s+la\s+douzaine|"
    r"(?:c.?etait|il\s+etait|il\s+est|c.?est)\s+moins\s+une\b|cinquieme\s+roue|"
    r"\b(?:en|les)\s+3\s*x\s*8\b|\b(?:en|les)\s+trois.huit\b|"
    r"(?:jetzt|nun|da|es)\s+schlaegt\W?s?\s+(?:\w+\s+)?(?:dreizehn|13)\b|"
    r"mach\w*\s+(?:\w+\s+)?(?:keine|keene|kene)\s+(?:fuffzehn|fuenfzehn)\b|"
    r"behind\s+the\s+(?:eight|8).?ball|\b(?:ninth|9th)\s+life|\b(?:9|nine)\s+lives|"
    r"\b(?:my|a|your|his|her|the)\s+9\s*(?:to|-)\s*5(?:\s+(?:job|gig|life|is|was|kills)\b|$)|"
    r"(?:99|ninety.nine)\s+problems|area\s+51|apoll?o\s+(?:13|trece|treize|dreizehn|thirteen)|"
    r"brooklyn\s+99|cincuenta\s+sombras|fifty\s+shades|50\s+(?:sombras|shades)|(?:twenty.one|21)\s+pilots|"
    r"siebzehn\s+und\s+vier\s+(?:zu\s+)?(?:spiel|zock)\w*|(?:spiel|zock)\w*\s+(?:\w+\s+){0,2}siebzehn\s+und\s+"
    r"vier\b|camisa\s+de\s+once\s+varas|en\s+un\s+2x3\b|"
    r"\ba\s+la\s+de\s+tres\b|"
    # Sayings and songs of the development rounds r38 and r39.
    r"sexto\s+sentido|sechste[nr]?\s+sinn|keine\s+(?:zehn|10)\s+pferde|"
    r"drei\s+macht\s+neune|"
    # Sayings, songs and titles of the development rounds r135 and r136.
    r"\ba\s+perfect\s+(?:10|ten)\b(?!\s+(?:for|on|onto|to|in)\b)|septieme\s+compagnie|"
    r"(?:24|vingt.quatre)\s+heures\s+sur\s+(?:24|vingt.quatre)|(?:7|sept)\s+jours\s+sur\s+(?:7|sept)|"
    r"\b(?:fifa|pes|madden|nhl|fc)\s?(?:1[0-9]|2[0-9])\b|"
    r"(?:seven|sieben|siete|sept)\W+(?:mit|with|con|avec|de)\s+brad\s+pitt|an\s+(?:fuenf|5)\s+fingern|"
    r"\b(?:9|nine)\s*(?:to|-)\s*(?:5|five)\s+(?:tomorrow|today|tonight|again)\b|\b(?:a|al)\s+(?:3\s?x\s?2|2\s?x\s?1)\b"
)


def _alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a regular expression."""
    found, depth, current, k = [], 0, "", 0
    while k < len(pattern):
        c = pattern[k]
        if c == "\\":
            current += pattern[k : k + 2]
            k += 2
            continue
        depth += (c == "(") - (c == ")")
        if c == "|" and depth == 0:
            found.append(current)
            current = ""
        else:
            current += c
        k += 1
    return [*found, current]


COMMON_WORDS = _set("los las and one una the les des del por son mon")


def _idiom_keys(alternative: str) -> set[str]:
    """Keys one of which every match of the alternative holds at the start of a word: the start of
    its longest word that begins a token in every match (outside any group, after a space or at the
    start; "null.?acht.?fuenfzehn" may be one glued word, so only "null" does), else the starts of all
    its words."""
    plain, depth, k = "", 0, 0
    while k < len(alternative):
        c = alternative[k]
        if c == "\\":
            plain += "~" if depth else alternative[k : k + 2]
            k += 2
            continue
        depth += (c == "(") - (c == ")")
        plain += c if depth == 0 and c != ")" else "~"  # "~": inside a group, glued to what follows
        k += 1
    # A word right before "?" or "*" may stand without its last letter.
    plain = re.sub(r"[a-z](?=[?*])", "~", re.sub(r"\\[sb]", " ", re.sub(r"\\[wd]", "~", plain)))
    # A run of the expression between spaces begins a token of the text, after any quantifier ("\s+").
    starts = [
        m.group(1) for run in plain.split() if (m := re.match(r"[+*?{}0-9,]*?([a-z0-9]{3,}|[0-9]+)", run))
    ]
    outside = [w for w in starts if w not in COMMON_WORDS]
    if outside:
        return {max(outside, key=len)[:4]}
    keys = {w[:3] for w in re.findall(r"[a-z]{3,}|[0-9]+", re.sub(r"\\[sbwd]", " ", alternative))}
    # A two-letter word not followed by a space the expression requires may begin a glued token
    # ("fc" of "(?:fifa|fc)\s?2[0-9]" in "fc24"), so it is a key too.
    for m in re.finditer(r"(?<![a-z\\])[a-z]{2}(?![a-z])", alternative):
        if not re.match(r"\\s(?:\+|(?![?*]))", _after_group(alternative, m.end())):
            keys.add(m.group())
    return keys


def _after_group(pattern: str, k: int) -> str:
    """What follows position k once the groups it closes are left: the sibling alternatives of each
    ("|los|las)") and its closing parenthesis are skipped."""
    while k < len(pattern) and pattern[k] in "|)":
        if pattern[k] == ")":
            k += 1
            continue
        depth = 0
        while k < len(pattern) and not (pattern[k] == ")" and depth == 0):
            if pattern[k] == "\\":
                k += 1
            elif pattern[k] == "(":
                depth += 1
            elif pattern[k] == ")":
                depth -= 1
            k += 1
    return pattern[k:]


# Keys of every idiom: a message none of whose words begins with one holds no idiom, and the long
# expression above is not run.
IDIOM_KEYS = frozenset().union(*(_idiom_keys(a) for a in _alternatives(IDIOMS.pattern)))
IDIOM_KEY_LENGTHS = tuple(sorted({len(k) for k in IDIOM_KEYS}))
# For each key, only the idioms that hold it: a message runs the few whose keys it holds.
_BY_KEY: dict[str, list[str]] = {}
for _alternative in _alternatives(IDIOMS.pattern):
    for _key in _idiom_keys(_alternative):
        _BY_KEY.setdefault(_key, []).append(_alternative)
IDIOMS_BY_KEY: dict[str, re.Pattern[str]] = {k: re.compile("|".join(v)) for k, v in _BY_KEY.items()}


def _group_end(pattern: str, k: int) -> int:
    """The offset just past the ")" that closes the group opened at `k`."""
    depth = 0
    while k < len(pattern):
        c = pattern[k]
        if c == "\\":
            k += 2
            continue
        if c == "[":
            k = pattern.index("]", k + 2) + 1
            continue
        depth += (c == "(") - (c == ")")
        k += 1
        if depth == 0:
            return k
    raise ValueError(pattern)


def _required(branch: str) -> list[tuple[str, ...]]:
    """Plain text every match of `branch` (no top-level "|") holds: a list of choices, each met when
    one of its strings stands in the text. Conservative: what it cannot read it leaves out."""
    found: list[tuple[str, ...]] = []
    run, k = "", 0

    def close() -> None:
        nonlocal run
        if run:
            found.append((run,))
        run = ""

    while k < len(branch):
        c = branch[k]
        after = branch[k + 1] if k + 1 < len(branch) else ""
        if c == "(":
            close()
            end = _group_end(branch, k)
            inner = branch[k + 1 : end - 1]
            optional = end < len(branch) and branch[end] in "?*{"
            lookaround = inner.startswith("?") and not inner.startswith("?:")
            if not optional and not lookaround:
                # one of its branches matches: the first piece each branch needs, any of them
                branches = [_required(b) for b in _alternatives(inner.removeprefix("?:"))]
                if all(branches):
                    found.append(tuple(s for needs in branches for s in needs[0]))
            k = end
            continue
        if c == "[" or c in ".^$)" or (c == "\\" and after.isalnum()):
            close()  # a class, any character, an anchor or a class escape: no plain text
            k = branch.index("]", k + 2) + 1 if c == "[" else k + (2 if c == "\\" else 1)
            continue
        if c in "?*+{":
            # a quantifier: the character before it may be missing ("?", "*", "{0,..}") or repeated
            if c != "+":
                run = run[:-1]
            close()
            k = branch.index("}", k) + 1 if c == "{" else k + 1
            continue
        if c == "\\":
            c, k = after, k + 1  # an escaped mark stands for itself: "\\?"
        if k + 1 < len(branch) and branch[k + 1] in "?*{":
            close()  # this character is optional: it ends the plain run before it
        run += c
        k += 1
    close()
    return found


# What each idiom of a key needs beside the key: the keys hold very common words ("los", "mon", "3"),
# so a key present whose idioms each lack a piece of their plain text leaves its expression unrun (an
# expression none of whose idioms can match finds nothing).
IDIOM_NEEDS: dict[str, tuple[tuple[tuple[str, ...], ...], ...]] = {
    k: tuple(tuple(_required(a)) for a in v) for k, v in _BY_KEY.items()
}

# Sayings that name a card value without a number: bingo calls, "the age of Christ".
SAYINGS: dict[str, tuple[re.Pattern[str], int]] = {
    "two little ducks": (re.compile(r"two\s+little\s+ducks"), 22),
    "two fat ladies": (re.compile(r"two\s+fat\s+ladies"), 88),
    "legs eleven": (re.compile(r"legs\s+eleven"), 11),
    "clickety click": (re.compile(r"clickety.click"), 66),
    "key of the door": (re.compile(r"key\s+of\s+the\s+door"), 21),
    "deux cocottes": (re.compile(r"deux\s+cocottes"), 22),
    "dos patitos": (re.compile(r"dos\s+patitos"), 22),
    "nina bonita": (re.compile(r"nina\s+bonita"), 15),
    "age du christ": (
        re.compile(
            r"age\s+du\s+christ|age\s+de\s+jesus|edad\s+de\s+(?:cristo|jesus)|alter\s+(?:von\s+)?jesus"
        ),
        33,
    ),
    "baker's dozen": (re.compile(r"baker'?s\s+dozen"), 13),
    # References every writer reaches for, in the four languages: Douglas Adams' answer, James Bond.
    "the answer to life": (
        re.compile(
            r"(?:life|leben|lebens|vie|vida)\W+(?:the\s+|das\s+|dem\s+|l\W*|el\s+)?"
            r"(?:universe|universum|univers|universo)"
        ),
        42,
    ),
    "double-oh-seven": (
        re.compile(
            r"double.?(?:oh|o|zero).?seven|null\W*null\W*sieben|doble\s+cero\s+siete|zero\W*zero\W*sept"
        ),
        7,
    ),
}


def _jersey(name: str) -> str:
    """A player's shirt number named by the shirt and the player, in either order."""
    shirt = r"(?:jersey|shirt|trikot|maillot|camiseta|dorsal|rueckennummer|numero|number|nummer)"
    return rf"{shirt}\W+(?:\w+\W+){{0,3}}?{name}(?:'?s)?\b|\b{name}(?:'?s)?\W+(?:\w+\W+){{0,2}}?{shirt}"


# Things everyone knows the number of, which stand for a card only when said as one's own ("my card
# is the number of deadly sins", "tengo el número de CR7"): a verb of having, "my card", or "=".
# A card or the hand named as such, not a card to pay with ("ich zahl den Fuffi mit Karte").
_HELD = r"(?<!mit\s)(?<!per\s)\b(?:karte|hand)\b"
REFERENCES: dict[str, tuple[re.Pattern[str], int]] = {
    "deadly sins": (
        re.compile(r"(?:deadly|capital|cardinal)\s+sins|todsuenden|peches\s+capitaux|pecados\s+capitales"),
        7,
    ),
    "months of the year": (
        re.compile(
            r"months\s+(?:in|of)\s+(?:a|the)\s+year|mois\s+(?:dans|de)\s+l\W*annee|"
            r"meses\s+(?:del|de\s+un|tiene\s+el)\s+ano|monate\s+(?:im|eines|des|pro)\s+jahr"
        ),
        12,
    ),
    "days of the week": (
        re.compile(
            r"days\s+(?:in|of)\s+(?:a|the)\s+week|jours\s+de\s+la\s+semaine|dias\s+de\s+(?:la|una)\s+semana|"
            r"tage\s+(?:der|einer|die)\s+woche|wochentage"
        ),
        7,
    ),
    "a football team": (
        re.compile(
            r"(?:players|joueurs|jugadores|spieler)\W+(?:\w+\W+){0,4}?(?:football|soccer|foot|futbol|fussball)"
        ),
        11,
    ),
    "a basketball team": (
        re.compile(
            r"(?:players|joueurs|jugadores|spieler)\W+(?:\w+\W+){0,4}?(?:basket\w*|basquet\w*|baloncesto)"
        ),
        5,
    ),
    "Ronaldo's number": (re.compile(r"\bcr\s?7\b|" + _jersey(r"(?:cristiano|ronaldo|cr7)")), 7),
    "Jordan's number": (re.compile(_jersey(r"(?:jordan|mj)")), 23),
    "Lewandowski's number": (re.compile(_jersey(r"lewandowski")), 9),
    "the nice number": (
        re.compile(r"\bthe\s+(?:nice|sex)\s+number\b(?!\s+of\b)"),
        69,
    ),
    "the commandments": (re.compile(r"\b(?:commandments|gebote|commandements|mandamientos)\b"), 10),
    "Snow White's dwarfs": (
        re.compile(
            r"nains\s+de\s+blanche.neige|snow\s+white'?s?\s+dwarfs|zwerge\s+von\s+schneewittchen|enanitos\s+de\s+blancanieves"
        ),
        7,
    ),
    "Bond's number": (re.compile(r"\bbond'?s?\s+(?:number|nummer)|numero\s+de\s+(?:james\s+)?bond"), 7),
    "Messi's number": (
        re.compile(
            _jersey(r"(?:messi|maradona|zidane|pele)")
            + r"|\b(?:la|el)\s+de\s+(?:messi|maradona)\b"
            # "la que llevaba Maradona en la espalda"
            + r"|\b(?:messi|maradona|zidane|pele)\s+(?:\w+\s+){0,2}?"
            r"(?:en\s+la\s+espalda|on\s+(?:his|the)\s+back|auf\s+dem\s+ruecken|dans\s+le\s+dos)"
        ),
        10,
    ),
    "Drogba's number": (re.compile(_jersey(r"drogba")), 11),
    "Thomas Müller's number": (re.compile(_jersey(r"(?:thomas\s+)?mueller")), 25),
    "the apostles": (re.compile(r"\b(?:apostles|apostel|apotres|apostoles)\b"), 12),
    "Gretzky's number": (re.compile(_jersey(r"(?:wayne\s+)?gretzky")), 99),
    "the Austrian states": (
        re.compile(
            r"bundeslaender\w*\s+(?:\w+\s+){0,2}?oesterreich\w*|oesterreichs?\s+bundeslaender\w*|"
            r"austrian\s+states|laender\s+autrichiens"
        ),
        9,
    ),
    "the German states": (
        re.compile(
            r"bundeslaender\w*|german\s+states|laender\s+allemands|estados\s+federados\s+(?:de\s+)?alemania"
        ),
        16,
    ),
    "the US states": (
        re.compile(
            r"\b(?:us|usa|american)\s+states|states\s+(?:in|of)\s+(?:the\s+)?(?:us|usa|america|united\s+states)|"
            r"etats\s+americains|etats\s+des\s+etats.unis|estados\s+(?:de\s+)?(?:ee\W*uu|estados\s+unidos)|"
            r"us.bundesstaaten|bundesstaaten\s+der\s+usa"
        ),
        50,
    ),
    "February in a leap year": (
        re.compile(
            r"(?:february|februar|fevrier|febrero)\W+(?:\w+\W+){0,4}?(?:leap|schaltjahr|bissextile|bisiesto)|"
            r"(?:leap\s+year|schaltjahr|annee\s+bissextile|ano\s+bisiesto)\W+(?:\w+\W+){0,3}?(?:february|februar|fevrier|febrero)"
        ),
        29,
    ),
    "the US drinking age": (re.compile(r"(?:us|usa|american|america's)\s+drinking\s+age"), 21),
    "a standard deck": (re.compile(r"cards\s+in\s+a\s+(?:standard\s+|normal\s+|regular\s+)?deck"), 52),
    "the fire brigade's number": (re.compile(r"numero\s+des\s+pompiers"), 18),
    "the Hitchhiker's answer": (
        re.compile(
            r"hitchhiker|answer\s+to\s+everything|reponse\s+a\s+tout|antwort\s+auf\s+alles|respuesta\s+a\s+todo"
        ),
        42,
    ),
    "Nena's balloons": (
        re.compile(r"nenas?\W+(?:\w+\W+){0,2}?luftballons|luftballons\W+(?:\w+\W+){0,2}?nena"),
        99,
    ),
    "the deuce": (re.compile(r"\bdeuce\b"), 2),
    "the trey": (re.compile(r"\b(?:the|a|my|one|that)\s+trey\b"), 3),  # not Trey, a name
    # German slang for banknotes, said of a card: "hab 'n Zwanni... die Karte, nicht Geld"
    "a twenty note": (re.compile(rf"\bzwann[iy]\b.*{_HELD}|{_HELD}.*\bzwann[iy]\b"), 20),
    "a fifty note": (re.compile(rf"\bfuff[iy]\b.*{_HELD}|{_HELD}.*\bfuff[iy]\b"), 50),
    # The last card before the end of the range: "j'ai la dernière avant cent", "die letzte vor hundert".
    "the last before a hundred": (
        re.compile(
            r"(?:derniere|dernier|letzte|letzten|last|ultima|ultimo)\s+(?:(?:one|card|carte|karte|carta|zahl|number)\s+)?"
            r"(?:avant|vor|before|antes\s+de)\s+(?:le\s+|la\s+|the\s+|dem\s+|der\s+|el\s+|l\W*)?"
            r"(?:cent|hundert|hundred|100|cien)\b"
        ),
        99,
    ),
    "the age of majority": (
        re.compile(r"age\s+de\s+la\s+majorite|mayoria\s+de\s+edad|age\s+of\s+majority|volljaehrigkeit"),
        18,
    ),
    "a skat deck": (re.compile(r"skatblatt|skat.?(?:blatt|deck|karten)|jeu\s+de\s+belote"), 32),
    "the Swiss cantons": (re.compile(r"kantone|cantons\s+suisses|cantones\s+suizos|swiss\s+cantons"), 26),
    "the provinces of Argentina": (
        re.compile(r"provincias\s+(?:de\s+|que\s+tiene\s+|tiene\s+)?argentina"),
        23,
    ),
    "a football match": (
        re.compile(
            r"minut\w*\s+(?:de\s+un|d\W*un|of\s+a|eines|im)\s+(?:partido|match|football|soccer|fussball\w*)"
        ),
        90,
    ),
    "bad luck": (
        re.compile(
            r"(?:numero|carta|chiffre|carte|nombre)\s+(?:de\s+la\s+|du\s+|de\s+)?(?:mala\s+suerte|malchance|malheur)|"
            r"unglueckszahl|unlucky\s+(?:number|one|card)"
        ),
        13,
    ),
    "the département of Paris": (re.compile(r"departement\s+(?:de\s+|du\s+)?paris"), 75),
    "the number of pastis": (re.compile(r"(?:numero|chiffre|nombre)\s+du\s+pastis"), 51),
    "the smallest Schnapszahl": (re.compile(r"kleinste\w*\s+schnapszahl"), 11),
    "the largest Schnapszahl": (re.compile(r"(?:groesste|hoechste)\w*\s+schnapszahl"), 99),
    "the keys of a piano": (
        re.compile(
            r"keys\s+(?:on|of)\s+(?:a|the)\s+(?:grand\s+)?piano|piano\s+keys|touches\s+(?:d\W*un|du|de)\s+piano|"
            r"teclas\s+(?:de\s+un|del|de)\s+piano|"
            r"tasten\s+(?:eines|des|am|vom|auf\s+dem|an\s+einem)\s+klavier|klaviertasten"
        ),
        88,
    ),
    "a spider's legs": (
        re.compile(
            r"legs\s+(?:on|of)\s+a\s+spider|spider'?s?\s+legs|legs\s+a\s+spider\s+has|"
            r"pattes\s+(?:d\W*une|de\s+l\W*|d\W*)\s*araignee|patas\s+de\s+(?:una\s+|la\s+)?arana|"
            r"beine\s+(?:einer|der|von\s+einer)\s+spinne|spinnenbeine"
        ),
        8,
    ),
    "a chessboard": (
        re.compile(
            r"squares\s+(?:on|of|in)\s+(?:a|the)\s+chess\s?board|chess\s+squares|"
            r"cases\s+(?:d\W*un|de\s+l\W*|sur\s+l\W*|sur\s+un)\s*echiquier|"
            r"casillas\s+(?:de\s+un|del)\s+tablero\s+de\s+ajedrez|casillas\s+del\s+ajedrez|"
            r"felder\s+(?:eines|des|auf\s+dem|am|auf\s+einem)\s+schachbrett\w*|schachbrettfelder"
        ),
        64,
    ),
    "the erotic year": (re.compile(r"annee\s+erotique"), 69),
    "the US drinking age, after": (
        re.compile(r"drinking\s+age\s+in\s+(?:the\s+)?(?:us|usa|states|america)"),
        21,
    ),
}
# References to everyday things, often talked of for themselves: said as one's card only in a
# stricter frame (detector._everyday_reference_framed).
EVERYDAY_REFERENCES = frozenset(
    {
        "the keys of a piano",
        "a spider's legs",
        "a chessboard",
        "the erotic year",
        "the US drinking age, after",
    }
)
# The words one of which stands in every message a reference above can match: only those
# references are tried, and none when no such word stands in the message.
_REFERENCE_KEYS: dict[str, str] = {
    "deadly sins": "sins todsuenden peches pecados",
    "months of the year": "months mois meses monate",
    "days of the week": "days jours dias tage wochentage",
    "a football team": "players joueurs jugadores spieler",
    "a basketball team": "players joueurs jugadores spieler",
    "Ronaldo's number": "cr7 cr cristiano ronaldo",
    "Jordan's number": "jordan mj",
    "Lewandowski's number": "lewandowski",
    "the nice number": "nice sex",
    "the commandments": "commandments gebote commandements mandamientos",
    "Snow White's dwarfs": "nains dwarfs zwerge enanitos",  # only with Snow White named
    "Bond's number": "bond bonds",
    "Messi's number": "messi maradona zidane pele",
    "Drogba's number": "drogba",
    "Thomas Müller's number": "mueller",
    "the apostles": "apostles apostel apotres apostoles",
    "Gretzky's number": "gretzky gretzkys",
    "the Austrian states": "bundeslaender bundeslaendern states laender",
    "the German states": "bundeslaender bundeslaendern states laender estados",
    "the US states": "states etats estados bundesstaaten",
    "February in a leap year": "february februar fevrier febrero",
    "the US drinking age": "drinking",
    "a standard deck": "deck",
    "the fire brigade's number": "pompiers",
    "the Hitchhiker's answer": "hitchhiker answer reponse antwort respuesta",
    "Nena's balloons": "luftballons",
    "the deuce": "deuce",
    "the trey": "trey",
    "a twenty note": "zwanni zwanny",
    "a fifty note": "fuffi fuffy",
    "the last before a hundred": "derniere dernier letzte letzten last ultima ultimo",
    "the age of majority": "majorite mayoria majority volljaehrigkeit",
    "a skat deck": "skatblatt skat skatkarten skatdeck belote",
    "the Swiss cantons": "kantone kantonen cantons cantones",
    "the provinces of Argentina": "provincias",
    "a football match": "minutes minutos minuten minute minuto",
    "bad luck": "suerte malchance malheur unglueckszahl unlucky",
    "the département of Paris": "departement",
    "the number of pastis": "pastis",
    "the smallest Schnapszahl": "schnapszahl",
    "the largest Schnapszahl": "schnapszahl",
    "the keys of a piano": "keys piano touches teclas tasten klaviertasten",
    "a spider's legs": "legs spider spiders pattes patas beine spinnenbeine",
    "a chessboard": "squares cases casillas felder schachbrettfelder",
    "the erotic year": "erotique",
    "the US drinking age, after": "drinking",
}
assert set(_REFERENCE_KEYS) == set(REFERENCES), set(REFERENCES) ^ set(_REFERENCE_KEYS)
REFERENCES_BY_WORD: dict[str, tuple[str, ...]] = {}
for _name in REFERENCES:
    # A player's name also with a German possessive s: "Müllers Rückennummer".
    _words = _REFERENCE_KEYS[_name].split()
    if _name.endswith("'s number"):
        _words += [w + "s" for w in _words if not w.endswith("s")]
    for _word in dict.fromkeys(_words):
        REFERENCES_BY_WORD[_word] = (*REFERENCES_BY_WORD.get(_word, ()), _name)
REFERENCE_WORDS = frozenset(REFERENCES_BY_WORD)
ANY_SAYING = re.compile("|".join(pattern.pattern for pattern, _ in SAYINGS.values()))
# A message that asks for a value without naming one.
ASKS_FOR_VALUE = re.compile(
    r"\bwhat'?s\s+your\s+(?:lowest|highest|number|card|best(?=\s*(?:$|[?!.,]|card|one)))\b|\bwhich\s+number\b|"
    r"\bhow\s+(?:high|low)\s+(?:does|do|is|are|can)\b|\bwhat\s+number\b|\bgap\s+between\s+yours\b|"
    r"\bwelche\s+(?:nummer|zahl)\b|\bwelcher\s+bereich\b|\bwie\s+(?:hoch|tief|niedrig)\s+(?:genau\s+)?(?:geht|kannst|ist|bist)\b|"
    r"\bquoi\s+(?:ta|comme\s+carte)\b|\bquel(?:le)?\s+(?:est\s+)?(?:ta|ton)\s+(?:carte|numero|chiffre)\b|"
    r"\bton\s+numero\b|\bquel(?:le)?\s+numero\b|\bquel\s+chiffre\b|"
    r"\b(?:a|est)\s+combien\s+(?:est\s+)?(?:ta|ton)\s+(?:carte|numero)\b(?!\s+(?:graphique|bleue|sim|bancaire|de|cadeau|"
    r"vitale|mere|son|telephone|tel|portable))|\ba\s+combien\s+du\s+(?:sommet|haut)\b|"
    r"\bcombien\s+(?:est\s+)?ta\s+plus\s+(?:grosse|haute|petite|basse)\b|\ble\s+nombre\s+que\s+t'?\s*as\b|"
    r"\bdonnez\s+vos\s+chiffres\b|\bcual\s+es\s+(?:tu|vuestra|su)\s+carta\b|\bque\s+valor\s+(?:tiene|tienes|es)\b|"
    r"\bhow\s+high\s+your\s+(?:highest|card|cards|lowest|best|one|number)\b|"
    r"\b(?:schreib|sag|fluester|verrat)\w*\s+mir\s+"
    r"(?:(?!nicht\b|bloss\b|nie\b|niemals\b|ja\b|keinesfalls\b|keinen\b|kein\b|auf\b)\w+\s+){0,3}?"
    r"(?:die\s+zahl(?!\s+(?:der|an|von)\b)|deine\s+(?:karten?|zahl))\b|\b(?:ta|ton)\s+(?:carte|numero)\s+(?:est\s+)?a\s+combien\b(?!\s+(?:en|d))|\bcual\s+tienes\b|\bdime\s+tu\s+numero\b|\btu\s+numero\b|\bque\s+numero\b|"
    # "¿con cuánto vas a tapar la pila 4?"; "gebt mir ne grobe Hausnummer, was ihr so auf der Hand habt"
    r"\bcon\s+cuanto\s+(?:vas|vais|van|va)\s+a\s+(?:tapar|cubrir|jugar|subir|bajar|poner)\s+(?:\w+\s+){0,2}?"
    r"(?:pila|pilas|carta|monton)\b|"
    r"\bhausnummer\b(?!.{0,40}\bwie\s?viele?\b).{0,40}\bauf\s+der\s+hand\b"
)
EXTREME_CARD = re.compile(
    r"\b(?:highest|lowest|hoechste|niedrigste|kleinste|plus\s+haute|plus\s+basse|plus\s+petite|plus\s+grande)\s+"
    r"(?:card|karte|carte)\s+(?:in\s+the\s+game|ueberhaupt|du\s+jeu|of\s+all|there\s+is|die\s+es\s+gibt)|"
    r"\bcarta\s+mas\s+(?:alta|baja)\s+(?:del\s+juego|que\s+hay|de\s+todas)|"
    r"\b(?:the|die|la|el)\s+(?:lowest|highest|niedrigste|hoechste|kleinste|plus\s+petite|plus\s+basse|"
    r"mas\s+baja)\s+(?:card|karte|carte|carta)\s+(?:there\s+is|of\s+all|in\s+the\s+game|die\s+es\s+gibt|"
    r"qui\s+existe|que\s+hay)"
)
# The end of the whole range told without a number: a superlative or an end of the scale, and a
# scope of the whole game ("the highest card in the whole deck", "smallest card that exists", "le
# plancher absolu du jeu", "ganz am oberen Ende der Skala", "tiefer als meine geht's im ganzen Spiel
# nicht"), or the card that ends a perfect pile ("la última en una pila de bajar perfecta"), or the
# one just under a hundred. It counts only beside a word of holding or of one's own card.
_SUPERLATIVE = (
    # "allerhöchste" as "höchste"; not "(aller)höchstens" (at most) nor "größtenteils" (mostly)
    r"(?:highest|lowest|smallest|biggest|largest|"
    r"(?:aller)?(?:hoechste|niedrigste|kleinste|groesste|tiefste)(?!n(?:s|teils)\b)\w*|"
    r"tiefer|hoeher|lower|higher|plus\s+(?:haute|basse|petite|grande|haut|bas|petit|grand)|"
    r"mas\s+(?:alta|baja|alto|bajo|pequena|grande)|plancher|plafond|oberen\s+ende|unteren\s+ende|"
    r"top\s+end|bottom\s+end|extremo|plus\s+(?:grosse|gros)|"
    r"(?:minimum|maximum|minimo|maximo)(?=\s+absolu))"
)
_WHOLE_RANGE = (
    r"(?:in\s+the\s+(?:whole\s+|entire\s+)?(?:game|deck)|that\s+exists|there\s+is|of\s+all|"
    r"(?:im\s+(?:ganzen\s+)?(?:spiel|deck))|ueberhaupt|die\s+es\s+gibt|der\s+skala|du\s+jeu|"
    r"de\s+tout\s+le\s+jeu|qui\s+existe|absolu|c'?\s*est\s+impossible|del\s+(?:juego|mazo)|"
    r"que\s+existe|de\s+todas|de\s+la\s+escala|de\s+l'?\s*echelle|of\s+the\s+scale|"
    r"(?:du|de\s+tout\s+le|dans\s+le)\s+paquet|(?:de|en)\s+(?:toda\s+)?la\s+baraja|en\s+el\s+mazo|"
    r"(?:de|en)\s+todo\s+el\s+mazo|"
    r"in\s+the\s+(?:whole\s+)?pack|im\s+(?:ganzen\s+)?kartenspiel)"
)
WHOLE_RANGE_END = re.compile(
    rf"\b{_SUPERLATIVE}\b(?!\s+(?:score|scores|points|punkte|punktzahl|puntuacion|puntos|score|serie|"
    rf"streak|record|rekord|chance|chances|level|niveau|nivel))(?:\W+\w+){{0,6}}?\W+{_WHOLE_RANGE}\b|"
    r"\b(?:ultima|last|letzte|derniere|remata|rematar|cierra|closes|finishes|schliesst|termine)\b"
    r"(?:\W+\w+){0,5}?\W+(?:perfecta|perfect|perfekte[nr]?|parfaite)\b|"
    r"\b(?:just|juste|justo|knapp|gerade)\s+(?:under|below|sous|en\s+dessous\s+de|"
    r"por\s+debajo\s+de|bajo|unter)\s+(?:a\s+|the\s+|la\s+|el\s+|der\s+)?(?:hundred|100|centaine|cien|centena|"
    # a hundred of nothing named: not "just under a hundred followers", "knapp unter 100 km/h"
    r"hundert)\b(?!\s*[a-z0-9/])"
)
# Words without which WHOLE_RANGE_END cannot match (its scopes, "perfect", a hundred).
WHOLE_RANGE_WORDS = _set(
    "game deck exists there all spiel deck ueberhaupt gibt skala jeu existe absolu impossible juego mazo "
    "todas escala echelle scale perfecta perfect perfekte perfekten perfekter parfaite hundred 100 "
    "centaine cien centena hundert paquet baraja mazo pack kartenspiel"
)
# The end of the range a superlative names: the lowest card is 2, the highest 99.
RANGE_LOW = re.compile(
    r"\b(?:lowest|smallest|(?:aller)?(?:niedrigste|kleinste|tiefste)(?!n(?:s|teils)\b)\w*|tiefer|lower|plus\s+(?:basse|petite|bas|petit)|"
    r"mas\s+(?:baja|bajo|pequena)|plancher|unteren\s+ende|bottom\s+end|minimum|minimo)\b"
)
RANGE_HIGH = re.compile(
    r"\b(?:highest|biggest|largest|(?:aller)?(?:hoechste|groesste)(?!n(?:s|teils)\b)\w*|hoeher|higher|plus\s+(?:haute|grande|haut|grand)|"
    r"mas\s+(?:alta|alto|grande)|plafond|oberen\s+ende|top\s+end|plus\s+(?:grosse|gros)|maximum|maximo)\b|"
    r"\b(?:just|juste|justo|knapp|gerade)\s+(?:under|below|sous|en\s+dessous|por\s+debajo|bajo|unter)\b"
)
HOLDING = re.compile(
    r"\b(?:i|ich|je|yo)\b|\b(?:have|got|hold|holding|mine|my|hab|habe|halte|meine|meiner|j'?ai|tiens|"
    r"moi|ma|mon|tengo|mia|mi|llevo)\b|\b(?:ist|liegt)\s+bei\s+mir\b(?!\s+\w)"
)
SECOND_EXTREME = re.compile(
    r"\b(?:2nd|second)\s+(?:lowest|highest)\b|\bzweit(?:hoechste|niedrigste|kleinste)"
)
ADJACENT_WORDS = re.compile(
    r"\b(?:juste|exactement)\s+(?:au-dessus|apres|après|avant)\b|\b(?:la\s+)?suivante\s+sur\b|"
    r"\bjusto\s+despues\b|\bva\s+justo\b|\bright\s+after\b|\bthe\s+one\s+(?:right\s+)?after\b|"
    r"\bdirekte[nr]?\s+nachfolger\b|\bdirekt\s+ueber\b|\bschrittchen\b|"
    # One step from a top said with an article for "one": "einen Schritt über der obersten Karte", "une
    # au-dessus", "uno por debajo"; the card that follows a top: "die auf die oberste von Stapel 1 folgt".
    r"\b(?:einen?|eins|one|une?|uno|una)\s+(?:schritt\s+|step\s+|cran\s+|paso\s+)?(?:ueber|unter|drueber|"
    r"drunter|above|below|au.dessus|en\s+dessous|por\s+encima|por\s+debajo)\b(?!\s+den\s+durst)|"
    r"\b(?:oberste[nr]?|top|sommet|tope)\b.{0,30}\b(?:folgt|follows|suit|sigue)\b|"
    # Fitting a top without a gap: "auf Stapel 4 würd meine nahtlos anschließen, ohne Lücke".
    r"\bmeine?\b.{0,20}\bnahtlos\s+an(?:schliess|leg)\w*|"
    # Touching a top, the card just before or after it: "literally touching pile 1's top", "la anterior
    # a lo que hay en la pila 3", "la suivante direct sur la 1", "la siguiente exacta" ("muy pegadito",
    # very close, is a hint without a value).
    r"(?<!not\s)(?<!avoid\s)(?<!stop\s)\btouching\b|"
    r"\b(?:anterior|precedente|vorherige)\s+(?:a|al|de|du|von)\b|"
    r"\b(?:suivante|siguiente|naechste)\s+(?:directe?|directa|direkt|exacta|exacte|exakt|exactly)\b|"
    # "the next one after pile 1", "die nächste nach Stapel 1", "la suivante de la pile 1",
    # "la siguiente a la de arriba de la pila 1": the card that follows a pile's top.
    r"\b(?:(?:next|naechste|suivante|suivant|siguiente)\s+(?:(?:directe?|directa|direkt|inmediata|immediate)\s+)?"
    r"(?:(?:one|card|karte|carte|carta)\s+)?|que\s+sigue\s+|qui\s+suit\s+|die\s+folgt\s+|that\s+follows\s+)"
    r"(?:after|nach|de|du|a|al)\s+(?:(?:the|der|dem|den|la|le|l|el|de|del|"
    r"of|von|vom|top|arriba|haut|oben|que|esta|hay|lo|en|is|on|qui|est|ce|was|liegt|ist)\s+){0,6}"
    r"(?:pile|stapel|pila|stack|top|sommet|tope|"
    r"(?<=la\s)(?:1|2|3|4|un|une|deux|trois|quatre|una|uno|dos|tres|cuatro)\b)|"
    r"\b(?:genau|direkt|exactly|juste|justo|exactement)\s+(?:die\s+|the\s+|la\s+)?(?:next|naechste|suivante|siguiente)"
    r"\s+(?:(?:karte|card|carte|carta|one)\s+)?(?:on|auf|sur|en|for|fuer|pour|para)\s+(?:(?:the|der|den|dem|la|le|el)\s+)?"
    r"(?:pile|stapel|pila)"
)
# Strings without which ADJACENT_WORDS cannot match: every alternative above needs one of them.
ADJACENT_WORDS_KEYS = (
    "just", "exactement", "suivant", "after", "nachfolger", "direkt", "schrittchen", "ueber", "unter",
    "above", "below", "dess", "encima", "debajo", "folgt", "follows", "suit", "sigue", "touching",
    "anterior", "precedente", "vorherige", "siguiente", "naechste", "next", "nahtlos",
)  # fmt: skip
# Words that link a pile named just before to the number of steps it moves: "pile 4 by seven",
# "la pile 1 de deux seulement", "la pila 2 en cinco exactos", "Stapel 3 um vier", "pila 1 solo dos".
STEP_LINKS = _set(
    "by um de en por only just nur seulement juste solo solamente exactly genau exactement exactamente"
)
# Verbs and nouns that make a number an exact step from a pile's top.
OFFSET_WORDS = _set(
    "above below over under higher lower more less up down off step steps ueber unter drueber "
    "drunter hoeher niedriger mehr weniger drauf runter hoch hochschieben dessus dessous plus moins "
    "encima debajo mas menos alta baja alto bajo tope sommet bump raise shave subtract add sumo suma "
    "grimper saut salto saltito sprung jump jumps pas sous"
)
OFFSET_PREP = _set("by um de of por a à")
# Words without which none of the value-without-a-number patterns above can match.
NOTE_WORDS = _set(
    "your yours which how what whats welche welcher wie quoi quel quelle ton ta cual dime tu que "
    "lowest highest niedrigste hoechste kleinste petite basse baja 2nd second zweithoechste "
    "zweitniedrigste zweitkleinste gap number numero nummer haute grande alta chiffre zahl combien valor "
    "was deine nombre vos high carta cuanto hausnummer"
)
BIRTHDAY = _set("birthday bday geburtstag anniversaire anniv cumpleanos cumple")
# Words without which TIME_QUESTION, COUNT_QUESTION and RESULT cannot match: a quick test first.
TIME_QUESTION_WORDS = _set("when what wann um quand quelle cuando que hora")
COUNT_QUESTION_WORDS = _set(
    "how wie wieviel wieviele combien cuantos cuantas minimum minimo min pro per par por obligatorios "
    "obligatorias pflicht pflichtkarten pflichtprogramm"
)
RESULT_WORDS = _set(
    "lost won win ended finished finish final record verloren gewonnen endstand bestleistung abgebrochen "
    "geblieben verkackt vergeigt versemmelt perdu gagne gagnes fini finie bilan perdimos ganamos ganado "
    "perdido terminamos acabamos "
    "quedaron gg score not nicht non sin left rest uebrig excellent excelente ausgezeichnet end ende fin "
    "exzellent uebrigen uebrige uebriger "
    "restait restaient quedaban lagen remaining rekord record verbessert improved personal pb puntuacion "
    "puntaje resultado resultat ergebnis hervorragend bajar poner tirar anterior last letzte letzten "
    "letztes derniere avant ultima pose gelegt laid over spielende"
)
# Words without which no saying above can match.
SAYING_WORDS = _set(
    "ducks ladies legs clickety click door cocottes patitos bonita christ cristo jesus baker universe "
    "universum univers universo double null doble zero"
)


# Asking someone for a value without naming one: a question or a request ("tell me", "dis-moi",
# "pásame") to another player ("your", "du", "ta", "tu", "everyone") about the value of a card, its
# rank in the hand ("your lowest"), its distance to a pile ("how far", "l'écart"), or what was just
# drawn "exactly". Each part is a class of words, not a phrase, so that new wordings are caught.
ASK_GATE = _set(
    "number numbers numero numeros nummer nummern zahl zahlen chiffre chiffres valor value wert digit ziffer "
    "valeur valeurs values valores werte "
    "decade zehner dizaine decena vaut vale worth highest lowest smallest biggest best hoechste "
    "niedrigste kleinste groesste beste haute basse basses hautes petite grosse meilleure alta baja "
    "gap far weit fehlt ecart distance distancia diferencia draw drew drawn gezogen pioche robaste "
    "sacaste exact exacte exacto exactly genau konkret precis exactement exactamente viel much cuanto "
    "combien nombre karte carte carta card hoch tiefste tiefsten hoechsten niedrigsten kleinsten "
    "ballpark grandeur groessenordnung magnitud karten cards cartes cartas holding tuya yours"
)
ASK_CUE = re.compile(
    r"\?|\b(?:tell|give|post|say|says|share|reveal|spill|sag|sagt|sagen|gib|postet|nenn|nennt|nennen|"
    r"verrat|verraten|dis|dit|dire|dites|donne|donner|crache|balance|lache|dime|dice|decir|digan|diga|"
    r"suelta|canta|diganme|dinos|decinos|contame|gimme|"
    r"dame|pasame|decime|decidme|comparte|what|whats|which|how|was|welche[rnms]?|wie|quoi|quel|quelle|"
    r"combien|cual|que|k|q|cuanto|cuanta|cuantos|schreibt|schreib|zeigt|zeig|show|send|dm|pm|montre|"
    r"montrez|envoie|envoyez|mandame|ensename)\b"
)
ASK_TARGET = re.compile(
    r"\b(?:your|yours|you|u|their|everyone|everybody|deine?[nmrs]?|du|dir|eure?[nmrs]?|alle|ta|ton|tes|"
    r"toi|t|vous|vos|votre|nos|tu|tus|llevas|tienes|teneis|tienen|vas|ustedes|vosotros|todos|tell|give|dis|dites|dime|pasame|ihr|"
    r"gib|sag|nenn|verrat|postet|donne|dame|comparte|"
    r"decime|diganme|dinos|vos|tenes|su|sus|ur|yr|tuya|tuyas|wer|who|whoever|anyone|qui|qqn|quelqu|quien|alguien|jeder|jede|seine|chacun|chacune|cada)\b"
)
ASK_WHAT = re.compile(
    r"\b(?:numbers?|numeros?|nummern?|zahl|zahlen|chiffres?)\b(?!\s*(?:\d|de\b|del\b|of\b|von\b|des\b|du\b))|"
    r"\bnumero\s+de\s+(?:la|tu|su)\s+carta\b|"
    r"\b(?:vos|tes|your|ur|deine[nr]?|eure[nr]?|tus|sus)\s+(?:plus\s+(?:basses?|hautes?|petites?)|lowest|highest|"
    r"niedrigsten?|hoechsten?|kleinsten?|mas\s+(?:bajas?|altas?))"
    r"(?=\s*(?:$|[?!.,]|cards?|cartes?|cartas?|karten?|ones?|svp|please|pls|bitte|por\s+favor|porfa))|"
    # "what exactly is in your hand", "was genau liegt bei dir auf der Hand"
    r"\b(?:what|was|quoi|que)\s+(?:exactly|genau|exactement|exactamente)\b.*\b(?:hand|main|mano|card|"
    r"karte|carte|carta|have|hast|habt|liegt|tienes|as|avez)\b|"
    # The other players' cards asked for in so many words: "was habt ihr für Karten?", "vous avez quoi
    # comme cartes ?", "¿cuánto vale la tuya?", "tell me your cards", "schreibt mir eure Karten".
    r"\b(?:was|wat)\s+(?:hast|habt|haste)\s+(?:du|ihr|de)?\s*(?:\w+\s+){0,2}fuer\s+karten?\b|"
    r"\b(?:quoi|koi)\s+comme\s+cartes?\b(?!\s+(?:graphique|bancaire|cadeau|vitale))|"
    r"\bwhat\s+(?:are|r)\s+(?:you|u|ya|yall)\s+holding\b(?!\s+(?:out|off|on|back|up|onto))|"
    r"\b(?:cuanto|wie\s*viel|combien|how\s+much)\s+(?:vale|ist|is|vaut|s)\s+(?:la\s+tuya|tu\s+carta|"
    r"deine\s+karte|ta\s+carte|your\s+card)\b|"
    r"\b(?:tell|show|send|give|dm|pm)\s+(?:me|us)\s+(?:your|ur|yr)\s+(?:cards|numbers|hand)\b(?!\s+(?:size|count))|"
    r"\b(?:sagt|schreibt|sag|schreib|zeigt|zeig|nennt|verratet)\s+(?:mir|uns)\s+(?:eure|deine)\s+karten\b|"
    r"\b(?:dime|decime|pasame|mandame|decidme|dinos)\s+(?:tus|vuestras|sus)\s+cartas\b|"
    r"\b(?:dis|dites|montre|montrez|envoie|envoyez)\W*(?:moi|nous)\s+(?:tes|vos)\s+cartes\b|"
    # "wie viel über Stapel 1 liegt deine?", "how much above pile 2 is yours?"
    r"\b(?:how\s+much|wie\s+viele?|combien|cuanto|cuanta)\s+(?:above|below|over|under|ueber|unter|"
    r"drueber|drunter|au.dessus|en\s+dessous|por\s+encima|por\s+debajo)\b|"
    r"\b(?:valor|valores|value|values|valeur|valeurs|wert|werte|digit|ziffer|vaut|vale|worth)\b|"
    # "tell me your exact card", "dis-moi ta carte exacte", "deine genaue Karte?"
    r"\b(?:your|deine?[nmrs]?|ta|tu|votre|vuestra)\s+(?:exact\w*|genaue\w*|precise)\s+"
    r"(?:card|karte|carte|carta)\b|"
    r"\b(?:your|deine?[nmrs]?|ta|tu|votre|vuestra)\s+(?:card|karte|carte|carta)\s+(?:exact\w*|genau|precise)\b|"
    # "t'as quel nombre pour la 4 ?", "welche Karte hast du denn genau?", "¿qué carta tienes para la 3?"
    r"\bquel(?:le)?\s+nombre\b|\b(?:welche|which|what|quelles?|que|cual)\s+(?:karten?|cards?|cartes?|cartas?)\s+"
    r"(?:\w+\s+){0,2}(?:hast|habt|have|got|hold|tienes|teneis|as|avez)\b|"
    r"\b(?:which|welche[mnrs]?|quelle?|que|cual)\s+(?:decade|zehner|dizaine|decena)\b|"
    r"\b(?:highest|lowest|smallest|biggest|best|hoechste[nr]?|niedrigste[nr]?|kleinste[nr]?|"
    r"groesste[nr]?|tiefste[nr]?|beste[nr]?|"
    r"plus\s+(?:haute|basse|petite|grosse|grande)s?|meilleure|mas\s+(?:alta|baja))\b"
    r"(?=\s*(?:$|[?,.!]|card|karte|carte|carta|one|thing|real|you|que|toi|bitte|pls|please|genau|exactly|"
    r"exactement|exactamente|exacta|exacto))|"
    # "who has the lowest right now", "qui a la plus petite ici": a rank held now, not "the best here"
    r"\b(?:highest|lowest|smallest|biggest|hoechste[nr]?|niedrigste[nr]?|kleinste[nr]?|tiefste[nr]?|"
    r"plus\s+(?:haute|basse|petite|grande)|mas\s+(?:alta|baja))\s+(?:card\s+|karte\s+|carta\s+)?"
    r"(?:here|right\s+now|hier|jetzt|ici|maintenant|aqui|ahora)\b|"
    # "give me a ballpark of your card", "un ordre de grandeur de ta carte": a value roughly
    r"\b(?:ballpark|order\s+of\s+magnitude|ordre\s+de\s+grandeur|groessenordnung|"
    r"orden\s+de\s+magnitud)\b|"
    r"\b(?:card|karte|carte|carta)\s+(?:mas\s+(?:alta|baja)|la\s+plus\s+(?:haute|basse))\b|"
    r"\b(?:what\s+did\s+you\s+draw|hast\s+du\s+gezogen|as\s+pioche|robaste|sacaste)\b.*\b(?:exact|konkret|"
    r"genau|exacto|exacte|precis)\w*|"
    r"\b(?:how\s+far|how\s+big\s+is\s+your\s+gap|wie\s+weit|wie\s+viel\s+fehlt|ecart|distancia|"
    r"diferencia|abstand)\b.*\b(?:pile|stapel|pila|top)\b|\b(?:pile|stapel|pila)\b.*\b(?:how\s+far|ecart|"
    r"distancia|diferencia|abstand)\b"
)
LAUGHS = _set("lol lool lmao mdr ptdr jaja jajaja jeje haha hahaha hihi xd")  # a message's laugh at its end
PHONE_WORDS = _set("phone handy telefon tel whatsapp portable movil telefono celular")
# Where a request opens: the start of the message or of a clause, or after a filler ("pls", "ok",
# "@name"). A verb after anything else is not a request of the sender's ("you can't tell your cards",
# 'he said "dm me your hand"', "don't dm me your hand").
_OPENS = (
    r"(?:^|[.!?,;:(]\s*|\b(?:pls|plz|please|just|ok|okay|so|allez|alors|bon|venga|porfa|bitte|komm|los|"
    r"and|then|y|et|che|oye|hey|yo|ey|du|toi)\s+)"
)
_TO_ME = (
    r"(?:\W+(?:me|us|mir|uns|moi|nous|mal|doch|just|juste|vite|ya|porfa|quick|real\s+quick|por\s+privado|"
    r"por\s+dm|en\s+mp|en\s+prive|per\s+(?:pn|dm)|in\s+dms?)){0,2}"
)
# What may follow the asked-for thing: the end, punctuation, a filler, a place to answer, a reason.
_THEN = (
    r"(?=\s*(?:$|[?!.,;:)]|(?:pls|plz|please|svp|stp|bitte|porfa|lol|lmao|mdr|jaja|haha|xd|rn|rq|now|"
    r"quick|real\s+quick|asap|en\s+mp|en\s+prive|en\s+dm|por\s+privado|por\s+dm|per\s+(?:pn|dm)|in\s+dms?|"
    r"im\s+chat|in\s+(?:the\s+)?chat|dans\s+le\s+chat|en\s+el\s+chat|y\s+(?:ya|vemos|listo|acabamos)|"
    r"and\s+i|et\s+(?:je|on)|und\s+(?:ich|wir)|nobody|personne|nadie|niemand|so\s+(?:we|i)|damit|"
    r"pour\s+qu\w*|para\s+que|que\s+asi|qu\W*on)\b))"
)
# A request for the others' hands, cards or values in so many words, without a number: "dm me your
# hand", "pásame por privado tu mano", "dites vos cartes en mp", "schickt mir eure Karten". The verb
# opens its clause, only "me" and fillers stand between it and "your", and nothing but an end, a
# filler or a place to answer follows the noun: not "tell me when your hand is better", "send your
# cards to grandma", "envoyez vos cartes de voeux", "schickt mir eure Karten fürs Konzert". No
# "show your cards" (the end of many card games), no "donne ta main", no English "main".
ASKS_FOR_HAND = re.compile(
    _OPENS + r"(?:dm|pm|send|spill|type|post|share|tell|say|write|list|sagt|sag|nennt|nenn|verratet|"
    r"verrat|schickt|schick|schreibt|schreib|dites|balance|balancez|ecris|ecrivez|dis\W+(?:moi|nous)|"
    r"donne\W+(?:moi|nous)|donnez\W+(?:moi|nous)|envoie\W+(?:moi|nous)|envoyez\W+(?:moi|nous)|pasame|"
    r"pasadme|mandame|mandadme|dime|decime|decidme|decid|diganme|dinos|decinos|ensename|ensenadme|"
    r"muestrame|contame|cuentame)\b"
    + _TO_ME
    + r"\W+(?:your|ur|yr|tu|tus|vuestra|vuestras|vuestro|vuestros|ta|tes|vos|votre|deine|deinen|eure|"
    r"euren)\s+"
    r"(?:hand|cards|numbers|values|mano|manos|cartas|numeros|valores|cartes|valeurs|chiffres|karten|"
    r"zahlen|werte|nummern)\b" + _THEN
)
NOT_BEFORE = re.compile(
    r"\b(?:don'?t|dont|do\s+not|not|never|no|ne|n|nicht|nie|pas|nunca|jamais|ni|can'?t|cannot|shouldn'?t|"
    r"mustn'?t|won'?t)(?:\W+\w+)?\W*$"
)
# The others' highest or lowest asked for with a verb ("dime tu más baja y vemos", "sag mal was
# deine niedrigste ist", "just tell me ur lowest lol"): the superlative stands alone (not "your
# highest score", "deine Kleinste ist so süß") and the message does not haggle over a price.
ASKS_FOR_EXTREME = re.compile(
    _OPENS + r"(?:tell|gimme|give|type|say|dm|dites|dime|decime|decidme|diganme|sag|sagt|nenn|verrat|"
    r"dis\W+(?:moi|nous)|donne\W+(?:moi|nous))\b" + _TO_ME + r"(?:\W+(?:what|was|cual\s+es|quelle\s+est))?"
    r"\W+(?:your|ur|yr|ta|tu|deine|vuestra|everyone'?s|everyones)\s+(?:highest|lowest|plus\s+haute|"
    r"plus\s+petite|plus\s+basse|plus\s+grande|plus\s+grosse|mas\s+alta|mas\s+baja|hoechste|niedrigste|"
    r"kleinste|groesste)\b"
    r"(?=\s*(?:$|[?!.,;:]|(?:pls|plz|please|svp|stp|bitte|porfa|lol|lmao|mdr|jaja|haha|rn|rq|now|quick|"
    r"asap|en\s+mp|en\s+prive|por\s+privado|in\s+dms?|nobody|personne|nadie|niemand)\b|"
    r"(?:and|et|y|und)\s+(?:i|i'?ll|je|j|te|yo|vemos|ich|wir|on)\b|(?:is|ist|es|est)\s*(?:$|[?!.,])))"
)
PRICE_WORDS = _set(
    "price prices prix precio preis offer take deal euros euro bucks dollars pay sell buy selling buying "
    "vends vendre acheter kaufen verkaufen kaufe verkaufe comprar vender couch sofa"
)
# Plain questions about what the others hold, in so many words and ending there: "what cards do
# y'all have", "was hast du denn so auf der Hand?", "t'as quoi comme cartes ?", "c'est combien ta
# carte ?", "¿qué cartas tenés?". Not "what do you have?" alone (food, classes, a cold).
ASKS_WHAT_HELD = re.compile(
    r"\bwhat\s+(?:numbers|cards)\s+(?:do\s+)?(?:you|u|y'?\s*all|yall)(?:\s+(?:all|guys))?\s+(?:have|got)\s*(?:$|[?!.,]|(?:rn|now|left)\b)|"
    r"\bwas\s+(?:hast|habt|haste)\s+(?:du|ihr|de)\s+(?:denn\s+)?(?:genau\s+|so\s+)?auf\s+der\s+hand"
    r"(?:\s*[?!.]*\s*$|\W*zahlenmaessig|\W*sag)|"
    r"\bwas\s+(?:hast|habt)\s+(?:du|ihr)\s+(?:denn\s+)?(?:genau\s*|so\s*)?\W*zahlenmaessig\b|"
    r"\b(?:t\W*as|tu\s+as|vous\s+avez)\s+quoi\s+(?:exactement\s+)?comme\s+cartes?\s*(?:$|[?!.,])|"
    r"\bc\W*est\s+quoi\s+(?:vos|tes)\s+(?:cartes|valeurs|numeros|chiffres)\s*(?:$|[?!.,])|"
    r"\bc\W*est\s+combien\s+(?:ta|votre)\s+carte\s*(?:$|[?!.,])|"
    r"\b(?:ta|votre)\s+plus\s+(?:haute|basse|petite|grande)\s+c\W*est\s+combien\b|"
    r"\bque\s+cartas\s+(?:tenes|tienes|teneis)(?:\s+(?:vos|tu|ustedes|vosotros))?\s*(?:$|[?!.,])"
)
# Words without which none of the three can match: a quick test first.
ASKS_HELD_WORDS = _set(
    "hand cards mano manos cartas cartes karten valeurs values valores werte numeros numbers "
    "chiffres zahlen nummern highest lowest haute petite basse grande grosse alta baja hoechste niedrigste "
    "kleinste groesste hast habt haste quoi combien carte"
)
