"""The role of a number in its sentence, per language: what a player sees, and what must never happen.

Each role has harmless sentences and sentences that tell a card, in English, German, French and
Spanish. They were written for these tests, apart from the corpus the keeper is measured on.
"""

from __future__ import annotations

import pytest

from bot.chatfilter import Context, Verdict
from bot.chatfilter import check as check_with_stage


def check(message: str, context: Context | None = None) -> Verdict:
    """The rules alone: these tests are of the hand-written rules, not of the learned stage after them."""
    return check_with_stage(message, context, learned=False)


HARMLESS = {
    "count": [
        "I could put down two more if that helps",
        "I can play 3 more on pile 2",
        "meine Katze hat 3 Beine",
        "a 3-way tie",
        "je peux en poser 2 de plus sur la pile 1",
        "puedo poner 2 más en la pila 3",
        "only three playable right now",
        "ich kann noch zwei legen",
        "ich hab nur noch drei auf der Hand",
        "je peux en mettre deux de plus",
        "il m'en reste quatre en main",
        "puedo bajar otras tres sin problema",
        "me quedan dos en la mano",
    ],
    "pile": [
        "keep pile 3 free for me please",
        "the two descending piles are fine",
        "bitte nichts auf Stapel 4",
        "les piles 1 et 2 montent",
        "no toquéis la pila 2",
        "ne touchez pas à la 2",
        "la tres está fatal",
        "sur la quatre c'est chaud",
    ],
    "time": [
        "see you at 9",
        "I'll be back by 10 tonight",
        "heute um 20 Uhr?",
        "morgen gegen acht",
        "on commence à 21h",
        "rendez-vous vers neuf heures",
        "quedamos a las nueve",
        "son las diez y media ya",
        "¿nos vemos hasta las once?",
    ],
    "date": [
        "the 14th suits me",
        "how about march 12",
        "am 3. Oktober haben wir frei",
        "Spieleabend am 17.",
        "le 21 juin c'est la fête de la musique",
        "jeudi 12 ça vous va ?",
        "el 15 de mayo es fiesta",
        "¿el sábado 23 jugamos?",
    ],
    "measures, work hours, ages and decades": [
        "my new monitor is 32 inches, finally",
        "ich schwimme jeden Morgen 30 Bahnen",
        "il faut 250 g de sucre et 20 cl de crème",
        "la tele nueva tiene 65 pulgadas",
        "I work 8 to 4 on weekdays",
        "ich arbeite von 7 bis 15, danach hab ich Zeit",
        "je bosse de 9 à 17 demain",
        "mi hermana curra de 10 a 6",
        "my 13 y/o cousin will join",
        "which decade had the best films? 90s for sure",
        "elle s'est mise sur son 31 ce soir",
        "hab beim Rückwärtstrick genau 10 zurück gemacht",
    ],
    "references that name no card": [
        "the universe is huge, life is short",
        "double or nothing on the next game?",
        "was für eine Schnapszahl: 11.11. um 11:11",
    ],
    "one over the eight, pile talk": [
        "gestern einen über den Durst getrunken, Stapel 2 ist mir egal",
    ],
    "a shop's offer": [
        "cervezas al 3x2 este finde",
        "le 2x1 sur les crêpes, c'est aujourd'hui",
    ],
    "bounds, odds and lists that are not a card": [
        "adults over 18 only, people",
        "die Chancen stehen 70 zu 30",
        "faltan 5 minutos para las 9",
        "the 2nd round starts now",
        "somos 5 esta noche",
        "Spielstand 2:1 für uns",
    ],
    "digits in a row that are not a card": [
        "zwei drei Runden noch, dann Schluss",
        "we won four nil, then three one",
        "wir haben vier null gewonnen",
        "put two and two together, people",
        "j'ai 2 et 3 cartes en main, c'est peu",
    ],
    "duration": [
        "that took 35 minutes",
        "die Runde dauert 25 Minuten",
        "j'en ai pour 15 minutes",
        "tardamos 40 minutos en perder",
    ],
    "age": [
        "my nephew is 12 and already beats us",
        "mein Opa wird 85",
        "ma fille a 14 ans",
        "mi abuela tiene 78 años",
        "some days I feel like 80",
        "ich fühl mich wie 90 heute",
        "I learned this game at 12",
        "a los 15 ya jugaba a todo",
        "mi abuelo tiene ochenta y tantos",
        "his dad turns 60 in May",
    ],
    "player count": [
        "we are six tonight",
        "heute sind wir zu fünft",
        "on est cinq ce soir",
        "hoy somos cuatro",
        "a 4-player game is best",
        "¿partida a tres esta noche?",
        "¿jugamos a cuatro o esperamos?",
    ],
    "game ordinal": [
        "round 12 and we still lose",
        "das ist unser 20. Spiel",
        "c'est notre 30e partie",
        "es la ronda 15",
    ],
    "money": [
        "the pizza was 18 euros",
        "hat 25 € gekostet",
        "j'ai payé 12 €",
        "me costó 30 pavos",
    ],
    "version": [
        "the bot runs on python 3.11",
        "update auf Version 2.5",
        "mon téléphone est sous Android 13",
        "actualiza a la v4.2",
    ],
    "result": [
        "we lost with 14 cards left",
        "wir haben mit 9 Karten verloren",
        "on a fini avec 11 cartes non posées",
        "perdimos con 23 cartas sin jugar",
    ],
    "idiom": [
        "I'm on cloud nine",
        "lass fünf gerade sein",
        "il était sur son trente-et-un",
        "vive en el quinto pino",
        "time for forty winks",
        "we went the whole nine yards on that round",
        "back to square one",
        "je le fais en deux-deux",
        "ça se joue à 50-50",
        "siempre le canta las cuarenta a su hermano",
        "the sixty-four thousand dollar question",
        "il s'est mis sur son trente-et-un",
        "je m'en fiche comme de l'an quarante",
        "por fin caí en el veinte",
        "sigue en sus trece",
        "me hice un siete en la camisa",
        "el once titular de hoy da pena",
        "la fiesta de quince de mi sobrina",
        "le XV de France joue ce soir",
        "Ali Baba et les quarante voleurs",
        "pile dix en dessous de la 3, ça passe ?",
        "lo hago en un dos por tres",
        "¿tomamos once después de la partida?",
        "dis-moi si tu veux jouer",
        "il vint nous voir deux fois",
        "un vin rouge et deux bières",
        "the elf on the shelf is back",
    ],
    "backwards trick": [
        "I can do ten back on pile 1",
        "zehn zurück auf Stapel 2",
        "je peux faire le coup des dix sur la pile 3",
        "puedo hacer el truco del diez en la pila 4",
    ],
    "label, unit or rating": [
        "level 30 already",
        "il fait 25 degrés",
        "Schuhgröße 44",
        "hace 30 grados",
        "10 out of 10 would play again",
        "un 10 sur 10",
    ],
    "rules talk": [
        "the game has 98 cards",
        "die Karten gehen von 2 bis 99",
        "à 4 joueurs, 6 cartes chacun",
        "con 4 jugadores son 6 cartas",
        "zu dritt hat jeder 6",
        "I've got two that could work on pile 3",
        "puedo tirar media docena de cartas",
        "a dozen people joined the server today",
        "was für ein Schock",
        "call 112 if he faints",
        "appelle le 18",
        "la columna 2 está libre",
        "mon paquet est tout neuf",
        "I take pile 1, you take 2",
        "half 9 for me",
        "that's game number 14 tonight",
        "Pizza kostet 36 €, durch 3 sind das 12",
        "el truco de la decena en la pila 2",
    ],
    "meeting": [
        "rendez-vous le 14",
        "quedamos el 14",
        "treffen wir uns um 20:30?",
        "let's meet at 8:30",
    ],
    "at least": [
        "the bar is open, grab at least 2 packs and leave pile 3 alone",
        "prends au moins 3 bières, on touche pas à la pile 2",
        "trae al menos 2 bolsas, y no toques la pila 4",
    ],
    "decade of years": [
        "I've been playing cards since '79",
        "Summer'69 by Bryan Adams is on repeat",
        "Woodstock'69 war legendär",
        "je vis dans l'93 depuis 10 ans",
        "my dad's car is from '85, still runs",
        "the music of the 80s was better",
        "Musik aus den 90ern",
        "la musique des années 70",
        "la música de los 80",
        "the eighties had the best cartoons",
        "die 90er waren wild",
        "ich hör grad 70er Discomusik",
    ],
    "titles and names": [
        "the new game with Agent 47 is out",
        "the band Twenty One Pilots played here",
        "my favourite character is Eleven",
        "99 Luftballons ist ein Ohrwurm",
        "7 Samurai es una obra maestra",
        "Quatre-vingt-treize de Hugo, c'est long",
        "Louis XIV aimait les cartes",
    ],
    "teams, creatures and agreement": [
        "unsere Elf hat 3:0 gewonnen ⚽",
        "ich spiele einen Elf mit Bogen",
        "+1",
        "+1 to that",
        "gg!!!11",
    ],
    "not a sum, not a digit's place": [
        "twenty 5 minutes left",
        "the game starts with 2 players",
        "take 2 from pile 3",
        "wait 2 min, be right back",
    ],
    "elisions, hints and labels": [
        "c'est l'heure d'y aller",
        "t'en fais pas",
        "quelqu'un veut jouer ?",
        "turning the big four-oh next week",
        "voy muy pegadito a la pila 3, tranquilos",
        "don't touch pile 2 please",
        "the hex key is on the table, 4 of us tonight",
        "+1 de mon côté",
        "the bus number 52 is late",
        "du vin, dis-moi",
    ],
    "addresses, ages, years and dates": [
        "I live at 27 Oak Road",
        "wir wohnen in der Lindenstraße 12",
        "rendez-vous au 8 rue Victor Hugo",
        "I am 64 and I still lose at this game",
        "mi hermana de 15 juega mejor",
        "only people over 18 in this server",
        "er ist Anfang dreißig",
        "meine Tante ist in den Sechzigern",
        "soy del 85",
        "mis padres bailaban en los 70",
        "on est le 28, faut payer le loyer",
    ],
    "measures, versions, sizes and titles": [
        "máxima de 39 grados hoy",
        "peso 62 kilos",
        "Windows a la 11 y todo lento",
        "unos zapatos de la 42",
        "my jacket size is 12",
        "let's watch 28 Days Later",
    ],
    "results, ordinals and sayings": [
        "we got 91 down yesterday, lost with 7 left",
        "tercera derrota seguida",
        "nueve de cada diez veces pierdo",
        "ten-four, copy that",
    ],
    "counting down": [
        "drei, zwei, eins, los!",
        "5, 4, 3, 2, 1 go go go",
        "tres, dos, uno... ¡ya!",
    ],
    "eras told by an elder or a past tense": [
        "my dad played this in the 70s",
        "meine Oma hat in den 50ern Rommé gespielt",
    ],
    "teams of eleven": [
        "unsere elf hat verloren",
        "le onze titulaire du PSG fait peur",
        "el once de gala del Betis",
    ],
    "ages and centuries": [
        "a mis 50 sigo jugando",
        "mit 40 hab ich angefangen zu stricken",
        "los castillos del siglo XV",
    ],
    "words that only look like numbers": [
        "das war echt witzig, ich fahr morgen nach Leipzig",
        "sei nicht so lässig mit Stapel 2",
        "mon téléphone neuf est déjà rayé",
        "une douce soirée",
        "die Bayern wollen siegen",
        "ich lass mal fünfe gerade sein",
        "estaba en el séptimo cielo",
    ],
    "times, durations and marks": [
        "i waited twenty y dos minutes for you",
        "it's like cuarenta y dos degrees here lol",
        "quedamos a las ocho menos cuarto",
        "dame 5 minutitos",
        "en 10 segunditos vuelvo",
        "ich hab ne 1,7 in der Physik-Klausur",
        "me pusieron un 9 en el examen de inglés",
    ],
    "results and scores": [
        "Bordeaux 24 - 17 Clermont hier soir",
        "new record, from 20 down to 9",
        "von 18 auf 11 verbessert, neuer Rekord",
        "98 sur 98, on a tout posé",
        "puntuación final: 12, nada mal",
        "the Celtics are up 88-79 at halftime",
        "on a gagné 81 à 70 au basket",
        "j'ai eu 16/20 en maths",
        "éramos una veintena en la fiesta",
        "on était une trentaine hier soir",
    ],
    # Round 5 kinds (r5h), each in sentences of our own: marks by the name of the test, numbered
    # parts of a course or a project, a dotted number beside a word of software, degrees, a year
    # told with its past event, a German round birthday, the trick as a step back, and sayings.
    "marks, numbered parts, versions and degrees": [
        "got a 9 on the physics quiz, finally",
        "Abi mit 2,1 geschafft",
        "j'ai eu 16 au partiel de droit",
        "en el parcial de física me pusieron un 6",
        "we're on lesson 14 of the course",
        "on en est à l'exercice 23",
        "sprint 18 planning tomorrow",
        "the app is still on 2.3, update pending",
        "meine App ist noch auf 5.1",
        "l'appli est en 4.2",
        "38°C im Schatten",
        "il fait 27° dehors",
        "estamos a 40° en Sevilla",
    ],
    "years, birthdays, the trick and sayings": [
        "en el 82 fue el Mundial de España",
        "zu Papas 60. fahren wir alle hin",
        "an meinem 40. wird gefeiert",
        "un recul de dix sur la descendante, ça marche",
        "le cayó el veinte por fin",
        "compré un cupón de la ONCE",
        "soy un cero a la izquierda en esto",
        "half seven on Friday?",
    ],
    "ranks, bounds and rough values that tell no card": [
        "who's the best player here?",
        "my highest score in the whole game was 3 lol",
        "chacun dit son prénom et on commence",
        "jeder nennt seine Lieblingskarte aus dem Spiel",
        "je suis sous la barre des 5 minutes",
        "I have under 3 cards",
        "the number has two digits, it's the table code",
        "the error code is 0x80070005",
        "octal is weird, 2 players tonight",
        "hab einen Dreier im Basketball getroffen",
        "Sechser im Lotto wär schön",
        "a 3-pile game",
        "||5|| minutes de pause",
    ],
}

FLAGGED = {
    "arithmetic": [
        ("viermal zwölf", 48),
        ("neuf fois huit", 72),
        ("le quadruple de onze", 44),
        ("halb so viel wie 80", 40),
        ("doppelt so viel wie 30", 60),
        ("veinte más tres", 23),
        ("twice thirty minus two", 58),
        ("cuarenta i tres", 43),
        ("ochenta_y_dos", 82),
        ("noventa entre tres", 30),
        ("7 por 8", 56),
        ("60/2 for the up pile", 30),
        ("nine squared, that's where I am", 81),
        ("ich hab 3 hoch 4", 81),
        ("la racine de 49, c'est ma carte", 7),
        ("take 5 from 70, that's mine", 65),
        ("le quito 3 a 50", 47),
        ("zieh 3 von 50 ab", 47),
        ("two shy of fifty", 48),
        ("le carré de 7 moins 1", 48),
        ("sieben zum Quadrat plus eins", 50),
        ("el cuadrado del 8", 64),
        ("sieben im Quadrat", 49),
        ("elf plus elf", 22),
        ("acht plus vier", 12),
        ("the square of 7 plus 1", 50),
    ],
    "a tens word and its unit apart": [
        ("sixty 4 for pile 2?", 64),
        ("ich hab vierzig 8", 48),
        ("sesenta... cuatro", 64),
    ],
    "spellings": [
        ("sieb'nundzwanzig", 27),
        ("dreiund-vierzig", 43),
        ("7ty3 for pile 1", 73),
        ("fiddy on pile 2", 50),
        ("moi j'ai katrevin", 80),
        ("the big six-oh, that's my card", 60),
        ("in hex that's 2B", 43),
        ("binary 110010", 50),
    ],
    "steps and card numbers": [
        ("+1 de la pile 4", 1),
        ("who has card no. 58", 58),
        ("Karte Nummer 71 hat wer?", 71),
        ("llevo la número sesenta", 60),
    ],
    "where a digit stands": [
        ("my card starts with a 6 and ends with a 2", 62),
        ("meine fängt mit ner 3 an und hinten ist ne 9", 39),
        ("ma carte commence par un 7, c'est tout", 70),
    ],
    "card value": [
        ("I have 47", 47),
        ("anyone got the 62?", 62),
        ("ich hab die 58", 58),
        ("wer hat die dreiundvierzig?", 43),
        ("j'ai le 71", 71),
        ("qui a le quatre-vingt-dix-sept ?", 97),
        ("tengo el 33", 33),
        ("¿alguien tiene el noventa y nueve?", 99),
    ],
    "small value with a card cue": [
        ("I've got a 3", 3),
        ("hab ne 5", 5),
        ("j'ai le 4", 4),
        ("tengo el 6", 6),
    ],
    "regional and quantity words": [
        ("j'ai septante-trois", 73),
        ("nonante-deux pour moi", 92),
        ("huitante-cinq", 85),
        ("my card is a dozen", 12),
        ("zwei Dutzend", 24),
        ("une douzaine pile", 12),
        ("media docena", 6),
        ("ha no e sächzäh", 16),
        ("vierundsechzich", 64),
        ("dreißich bei mir", 30),
        ("j'ai le vint-cinq", 25),
        ("quatre-vint-onze pour la pile 2", 91),
        ("sixty-sevvven", 67),
        ("sechszehn für Stapel 2", 16),
        ("fuchzehn für Stapel 3", 15),
        ("media centena, justo", 50),
        ("i hob a vieradrissg", 34),
        ("bei mir is a zwoafuchzge", 52),
        ("ich hab fümfunddreißig", 35),
        ("ha no e sibesächzg", 67),
    ],
    "dialect compounds: a unit, a link and a tens word said as at the table": [
        ("i hob no de fimfadreißge", 35),
        ("mir bliibt nur d'achtenüünzgi", 98),
        ("hab noch ne einunsechzisch, wa", 61),
        ("ick hab die zweeundsiebzich", 72),
        ("i hätt d'föifesächzg", 65),
        ("bei mir is a neinavierzge", 49),
        ("siebzisch hab ick, mehr sag ick nich", 70),
        ("j'ai l'septante-deux, désolé", 72),
        ("ich han no d'achzich", 80),
        ("i hob a viarazwanzge", 24),
        ("oinafuchzg hätt i", 51),
        ("hab die dreißisch", 30),
    ],
    "a Spanish tens and unit among English words": [
        ("i have sesenta y dos lol", 62),
        ("i got noventa y dos lol", 92),
        ("we have sesenta y uno lol", 61),
        ("sinkuenta i tres wey", 53),
    ],
    "ordinals used as values": [
        ("tengo la cuadragésima", 40),
        ("la trigésima segunda es mía", 32),
        ("I hold the sixty-third", 63),
        ("die vierundfünfzigste liegt bei mir", 54),
        ("je garde la trentième", 30),
        ("me queda la decimoctava", 18),
    ],
    "offsets from a pile top": [
        ("mine is three above pile 2", 3),
        ("zwei über Stapel 1", 2),
        ("la mienne est à 5 du sommet de la pile 3", 5),
        ("la mía está dos por encima de la pila 1", 2),
        ("my card trails pile 2 by six", 6),
        ("subo la pila 3 solo cuatro y ya", 4),
        ("fais monter la pile 2 de trois seulement", 3),
        ("estiro la pila 1 en cinco justos", 5),
        ("je suis à trois crans du sommet de la pile 4", 3),
        ("le quito dos al tope de la pila 1", 2),
        ("la mienne colle à la pile 2, juste une en dessous du haut", 1),
        ("il y a un écart de trois avec la pile 2", 3),
        ("Abstand 5 zu Stapel 1", 5),
        ("6 de moins que la 2 chez moi", 6),
        ("5 menos que la 4 tengo", 5),
    ],
    "one step from a top, said with an article": [
        ("meine liegt einen Schritt unter der obersten Karte von Stapel 4", None),
        ("die Karte, die auf die oberste von Stapel 2 folgt, hab ich", None),
        ("j'en ai une au-dessus du sommet de la pile 1", None),
    ],
    "cards in sentences with harmless words": [
        ("I have 47, back in 5 min", 47),
        ("wann darf ich die 14 legen?", 14),
        ("¿cuándo juego el 15?", 15),
        ("on a perdu, j'avais encore le 45", 45),
        ("3 goes on the first pile", 3),
        ("je joue mon 8", 8),
        ("ich hab ne 6 übrig", 6),
        ("I've got a 6 left over", 6),
        ("Ugh 47 again", 47),
        ("stuck at 17", 17),
        ("I need 34 to win", 34),
        ("final answer: 47", 47),
        ("at the end I play 58", 58),
        ("tonight the 12 is my problem", 12),
        ("when you play, I will follow with 17", 17),
        ("si a cien le quitas siete, esa es la mía", 93),
        ("no, 47 is mine", 47),
        ("my turn, 47 goes on pile 2", 47),
        ("a 5 would be nice", 5),
        ("my lonely little six is stuck", 6),
        ("j'ai un petit trois", 3),
        ("moi j'ai 4 et 6, ça aide ?", 6),
        ("yo tengo 3 y 5", 5),
        ("meine höchste ist xc", 90),
        ("está a una de la 3, la pongo", 1),
        ("mit 47 kann ich nichts anfangen", 47),
        ("I am back. 47 is still in my hand", 47),
        ("17 may work on pile 2", 17),
        ("I will play 17 tomorrow", 17),
        ("any 7s?", 7),
        ("I have a 10 for pile 2", 10),
        ("mi carta más alta es la 19", 19),
        ("mañana, once, ¿te vale?", 11),
    ],
    "the rules above must not reach": [
        ("ich hab 33, 32, 31", 33),
        ("ich hab die elf", 11),
        ("la carte neuf", 9),
        ("tengo el XXI", 21),
        ("cincuenta menos cuatro", 46),
        ("27 - 13, that's my card", 14),
        ("i have a test, my 47 is gone", 47),
        ("my brother has the 50", 50),
        ("Anfang achtzig", 80),
        ("I got 47 down on pile 2", 47),
        ("I am 47 on pile 2", 47),
    ],
    "digit by digit": [
        ("seven, then two. you know what to do", 72),
        ("the digits: 4 and 1, in that order", 41),
        ("sieben null bei mir", 70),
        ("fünf, zwei. Mehr sag ich nicht", 52),
        ("trois puis huit, dans cet ordre", 38),
        ("un seis y un cuatro, pegaditos", 64),
        ("second digit 2, first digit 9, I mean 9 then 2", 92),
        ("tengo el 3   8", 38),
        ("el primer dígito es un seis y el segundo un dos", 62),
        ("la première chiffre est un trois, la deuxième un neuf", 39),
        ("moi c'est le sept, désolé", 7),
    ],
    "a step from a card named by its number": [
        ("two above the 61, that one's mine", 63),
        ("drei unter der 45 hab ich", 42),
        ("deux au-dessus du 30, c'est la mienne", 32),
        ("tres menos que el 70, la tengo", 67),
    ],
    "what a card reaches, is worth or multiplies": [
        ("il m'en manque 6 pour arriver à 50", 44),
        ("me faltan diez para llegar a noventa", 80),
        ("es fehlen noch 2 bis 30", 28),
        ("my card minus 4 makes 70", 74),
        ("cuatro veces nueve", 36),
        ("ma carte vaut deux douzaines", 24),
        ("8ty-3 on pile 1", 83),
        ("tengo el 3x2 jaja", 6),
        ("fünfzehn weniger als hundert", 85),
        ("soixante divisé par trois", 20),
        ("súmale cinco a cuarenta", 45),
        ("my card - 5 would be 60", 65),
    ],
    "references that stand for a number": [
        ("whatever the answer to life, the universe and everything is, I hold it", 42),
        ("la mía: la vida, el universo y todo lo demás", 42),
        ("ma carte ? la vie, l'univers et le reste", 42),
        ("Bond wäre stolz: null null sieben", 7),
        ("meine ist ne Schnapszahl, die mit den Achten", 88),
        ("Schnapszahl, irgendwo in den Siebzigern", 77),
    ],
    "bounds, lists and ordinals in a sentence": [
        ("alles über sechzig, sorry", 60),
        ("everything over 70 is stuck, people", 70),
        ("für Stapel 2: 44 und 45", 44),
        ("pile 3 could use the sixty-first, I hold it", 61),
        ("entre nosotros: setenta y uno", 71),
    ],
    "the sentence is about a card": [
        ("which decade is your card in? 40s?", 40),
        ("my 60 is 32 inches from pile 2", 60),
    ],
    "the round 5 harmless rules must not reach": [
        ("half of 18 is mine", 9),
        ("ich hab 4.7 für Stapel 2", 47),
        ("tengo el 92, fue suerte", 92),
        ("Omas 47 liegt auf Stapel 2", 47),
        ("i have a test tomorrow, my 47 waits", 47),
    ],
    "the end of the whole range, without a number": [
        ("nobody can beat mine, it's the lowest card there is in the whole game", None),
        ("ich halte die höchste Karte, die es im ganzen Spiel gibt", None),
        ("j'ai la plus haute carte de tout le jeu", None),
        ("tengo la más baja del mazo, no hay otra menor", None),
        ("mine is the card that closes a perfect down pile", None),
        ("ich hab die knapp unter hundert", None),
    ],
    "asking each player for a rank or a rough value": [
        ("everyone say your highest card, quick", None),
        ("jeder sagt jetzt mal seine höchste Karte", None),
        ("chacun dit sa plus basse carte et on voit", None),
        ("que cada uno diga su carta más baja", None),
        ("give me a ballpark of your card at least", None),
        ("wer hat gerade die niedrigste Karte hier?", None),
    ],
    "bounds and digit counts on one's own card": [
        ("below 5, that's where my card is", 5),
        ("unter 6 hab ich eine, sonst nichts", 6),
        ("my card has only one digit", None),
        ("meine Karte ist nicht zweistellig", None),
        ("ma carte n'a pas deux chiffres", None),
        ("mi carta tiene una sola cifra", None),
    ],
    "programmers' bases, German digit nouns, compound piles and spoilers": [
        ("0x2A if you can read it", 42),
        ("mine in binary: 0b1011", 11),
        ("in octal my card is 71", 57),
        ("ich hab einen Siebener für Stapel 3", 7),
        ("leg gleich 'nen Achter drauf", 8),
        ("der 58er-Stapel ist meiner", 58),
        ("mon indice : ||six||", 6),
    ],
    "ranges": [
        ("anything in the 60s?", 60),
        ("something in the sixties", 60),
        ("irgendwas in den Vierzigern", 40),
        ("une carte dans les quatre-vingts", 80),
        ("rien au-dessus de vingt chez moi", 20),
        ("nothing above ten in my hand", 10),
        ("tengo veintitantos", 20),
        ("algo treintaypico", 30),
    ],
}


@pytest.mark.parametrize(
    ("role", "message"), [(role, m) for role, messages in HARMLESS.items() for m in messages]
)
def test_a_harmless_number_is_left_alone(role: str, message: str) -> None:
    verdict = check(message)
    assert not verdict.flag, f"{role}: {message!r} {verdict.numbers} ({verdict.reason})"


@pytest.mark.parametrize(
    ("role", "message", "value"),
    [(role, m, v) for role, cases in FLAGGED.items() for m, v in cases],
)
def test_a_card_value_is_flagged_with_its_value(role: str, message: str, value: int | None) -> None:
    verdict = check(message)
    assert verdict.flag, f"{role}: missed {message!r} ({verdict.reason})"
    if value is not None:  # None: a value told without a number
        assert value in [f.value for f in verdict.numbers], f"{role}: {message!r} {verdict.numbers}"


@pytest.mark.parametrize(
    ("message", "value", "words"),
    [
        ("quatre-vingt-dix-sept", 97, "quatre-vingt-dix-sept"),
        ("j'ai soixante-seize", 76, "soixante-seize"),
        ("cinquante-quatre", 54, "cinquante-quatre"),
        ("soixante et onze", 71, "soixante et onze"),
        ("quatre-vingt-huit et quatre-vingt-neuf", 88, "quatre-vingt-huit"),
        ("tengo el noventa y ocho", 98, "noventa y ocho"),
        ("veintisiete", 27, "veintisiete"),
        ("dieciocho para la pila 2", 18, "dieciocho"),
    ],
)
def test_french_and_spanish_compounds_have_their_whole_value(message: str, value: int, words: str) -> None:
    verdict = check(message)
    found = [(f.value, message[f.start : f.end]) for f in verdict.numbers]
    assert (value, words) in found, found


def test_the_senders_hand_settles_a_small_number() -> None:
    """ "I can lay 5" is a count unless the sender holds a 5 and the hand is no larger than 5."""
    plain = "honestly 5 would work for me"
    assert not check(plain).flag
    assert check(plain, Context(hand=frozenset({5, 40, 77}), hand_size=6)).flag
    assert not check(plain, Context(hand=frozenset({40, 77}), hand_size=6)).flag
    # A small number larger than the hand cannot be a count of the sender's cards.
    assert check("honestly 7 would work for me", Context(hand=frozenset({40}), hand_size=6)).flag


def test_a_number_in_hand_named_by_its_role_stays_harmless() -> None:
    """Context never turns a time or a date into a card, even when the number is in the hand."""
    hand = Context(hand=frozenset({9, 14, 20}), hand_size=8)
    assert not check("see you at 9", hand).flag
    assert not check("le 14 juillet on joue", hand).flag
    assert not check("heute um 20 Uhr?", hand).flag


@pytest.mark.parametrize(
    "message",
    [
        "welche Karte habt ihr eigentlich genau?",
        "which card do you hold for pile 3?",
        "vous avez quel nombre pour la 2 ?",
        "¿qué carta tenéis para la pila 4?",
        "wie hoch genau ist deine höchste?",
        "what's your highest exactly?",
    ],
)
def test_asking_for_a_card_value_without_a_number_is_flagged(message: str) -> None:
    verdict = check(message)
    assert verdict.flag, f"missed {message!r} ({verdict.reason})"


@pytest.mark.parametrize(
    "message",
    [
        "which card should I play first?",
        "quel nombre de parties on fait ce soir ?",
        "¿cuál es tu nombre en Discord?",
        "welche Karte ist die beste Regel im Spiel, findet ihr?",
    ],
)
def test_a_question_about_cards_that_asks_no_value_is_left_alone(message: str) -> None:
    verdict = check(message)
    assert not verdict.flag, f"false alarm {message!r} ({verdict.reason})"


# Round r6h: kinds read from the spent held-out part, written here in new sentences of our own.
R6_HARMLESS = [
    # a seat: the player named by a number
    "is player 3 still there? it's been ages",
    "Spieler 2 ist wohl eingeschlafen",
    "le joueur 3 a quitté ?",
    "el jugador 2 no responde",
    # years of age said in slang, by feeling, in apposition, on a birthday
    "mit 70 Lenzen fängt er noch mit Karten an",
    "il a 45 piges et il triche encore",
    "mi abuela con 80 abriles nos gana",
    "after this round I feel 90",
    "meine Tochter, 11, spielt heute mit",
    "my cousin, 15, wants to join",
    "feliz cumple Ana!! 40 ya??",
    # money in slang
    "das Spiel hat 25 Mäuse gekostet",
    "me costó 20 lucas la caja",
    # a version after an update verb
    "they upgraded the server to 2.0 last night",
    "ich hab auf 4.0 aktualisiert",
    # sayings
    "vingt dieux, ça c'était serré",
    "ach du grüne Neune, was für ein Zug",
    # a fortnight
    "dans une quinzaine je reviens jouer",
    "d'ici une quinzaine on refait une partie",
    # the trick as an exact step of ten, in any words
    "ich hab eine, die genau zehn unter der obersten von Stapel 3 liegt",
    "j'en ai une pile dix sous le sommet de la 2",
    # cards laid in one go; a count at the end of a game
    "last round I dropped 5 at once, proud of it",
    "j'en ai posé 4 d'un coup tout à l'heure",
    "puse 3 de golpe en la última ronda",
    "fin de partie : 14 cartes, pas terrible",
    "end of game, 12 cards left, so close",
    # another card game's draw card
    "yesterday in UNO I got hit with a +4 twice",
    # a thousand only right after the number
    "it cost 5 grand, ridiculous",
]
R6_FLAGGED = [
    # the same cues around a card
    "player 3 should play 47 on pile 2",
    "I feel 47 is safe on pile 1",
    "happy bday! I have 47 for pile 2 btw",
    "ich hab eine, die genau drei unter der obersten von Stapel 3 liegt",
    "moins de dix, ma carte",
    "j'en ai posé 4 d'un coup, et il me reste le 63",
    # a German number noun is no title
    "ne glatte Siebzig",
    "ich hab ne dicke Neunzig",
    # a bound with "max" after the number
    "je plafonne à trente, grand max",
    # -ish glued to a tens word
    "anything fortyish from you?",
    "I've got something seventyish",
    # French soixante spelled as it sounds
    "soissante-trois pour la pile 2",
    "j'ai soisante et onze",
    # asking for a value in new words
    "tu peux me donner ta valeur pour la 3 ?",
    "tell me your exact card please",
    "dime tu carta exacta",
    "hay algún 7?",
    # a sum after which the sentence ends
    "100 - 4. that's my hint",
]


# Round r7h: kinds read from the spent held-out part r7, written here in new sentences of our own.
R7_HARMLESS = [
    # an age said roughly, or since when
    "she's in her early forties and still beats us all",
    "my uncle is in his late sixties, he taught me this game",
    "meine Tante ist Anfang achtzig und spielt jeden Sonntag",
    "der Typ ist Ende zwanzig und führt sich auf wie ein Kind",
    "I've been playing cards since I was 8",
    "seit ich 10 war spiel ich das mit meinem Opa",
    "desde que tenía 9 juego a las cartas",
    # a share of a group
    "3 out of 4 players want a rematch",
    "7 out of 10 people never read the rules",
    # a phone number with its country code
    "call me at +44 (20) 7946 0958 if the bot dies",
    # players counted the Swiss way
    "mir sind hüt zu dritte",
    "mir wärde zu viere si",
    # an address and its floor
    "wohne jetzt Bahnhofstr. 17, 2. Stock links",
    "la fiesta es en Calle Mayor 23, segundo piso",
    "j'habite au 14 rue des Lilas maintenant",
    # an operating system by its short name
    "seit Win 10 stürzt das Spiel ab",
    "Win 11 broke my mic again",
    # a day of the month
    "on se voit le 5 du mois prochain pour la revanche",
    "nos vemos el 3 del mes que viene",
    # a year, said the Spanish way
    "mi viejo se casó en el 82",
    "eso pasó en el 95, yo ni había nacido",
    # the age of Christ as an age
    "este año cumplo la edad de Cristo",
    # sayings
    "no hay quinto malo, otra partida",
    # teams
    "the cup has 16 teams of 4",
    "el torneo es de 8 equipos de 3",
    # a weekend from one day to another
    "el finde del 14 al 16 estoy de viaje",
    # decades
    "en los 90 se jugaba a esto en el recreo",
    # another game's cards, by their suit
    "en el truco el 7 de espadas mata a todo",
    "in poker the 10 of spades is just a card",
    "au tarot le 21 d'atout est énorme",
    # the trick in other words
    "hacé lo del diez en la 3, dale",
    # references that are only talk
    "the seven deadly sins of this game: greed first",
    "Messi's shirt sold out again",
    "the apostles fresco in Milan is stunning",
    "deuce again, this tennis match never ends",
    "Hannover 96 verliert schon wieder",
    "les pompiers sont passés dans la rue",
    "los meses del año pasan volando",
    "CR7 marcó otra vez anoche",
    # counts of cards of each kind
    "hay 4 cartas de cada color en ese juego",
    "there are 8 cards of each number in that deck",
]
R7_FLAGGED = [
    # references that stand for a number, said as one's card
    "my card is the number of deadly sins",
    "j'ai le nombre de mois dans l'année",
    "tengo el número de CR7",
    "ich hab die Anzahl der Todsünden",
    "mi carta es el número de jugadores de un equipo de fútbol",
    "j'ai le numéro du département de Paris",
    "my number? Messi's shirt at Barcelona",
    "ich hab die Rückennummer von Müller",
    "el número de la camiseta de Jordan, ese tengo",
    "my card: as many as the apostles",
    "j'ai les jours de février d'une année bissextile",
    "mine is the US drinking age lol",
    "I hold the deuce, sorry",
    "count the cards in a standard deck: I have that one",
    "ma carte c'est le numéro des pompiers",
    "ich hab Nenas Luftballons",
    # a difference in words
    "cent moins douze",
    "hundert weniger elf",
    # German digit nouns in any word order
    "den Achter kann ich legen",
    "i hob an Sechser, sonst nix",
    # Swiss tens and units
    "ich ha d'nüünedrissg",
    "sibezwänzg hani",
    # a tens word with a digit
    "tengo treinta y 4",
    "j'ai quarante et 1",
    # slang spellings of fifty
    "fitty-two on pile 1",
    # a round birthday number held
    "I've got the big 4-0 in my hand",
    # half a century held
    "half a century sitting in my hand, where do I put it",
    # a card after an idiom in the same message
    "I'm at sixes and sevens, but I do hold a real 8",
    # Bavarian "an" for "einen"
    "i hob an Neuner für Stapel 2",
    # a reference said as one's card
    "meine Karte ist die kleinste Schnapszahl",
]


# Round r8h: kinds read from the spent held-out part r8, written here in new sentences of our own.
R8_HARMLESS = [
    "next round? I'm awake till like 12",
    "At 70 my grandpa still beats everyone at this",
    "on fait une soirée le 21 ?",
    "das war so 08/15, echt langweilig",
    "hab 3 echt gute für die aufsteigenden",
    "mein sohn (9) will auch mitspielen",
    "frag opa hans, der is 91 und spielt besser als wir",
    "mein 4. versuch heute, jetzt klappt's",
    "es gibt 4 stapel: 2 hoch und 2 runter, ganz einfach",
    "Número de pila (1 a 4), nada más",
    "la fiesta de los 15 de mi hermana fue épica",
    "ya voy por el nivel 38 en ese juego",
    "los yogures estaban al 3x2 en el súper, compré seis",
    "el sábado 21 nos juntamos, dirección: calle 80 #10-45",
    "do the math, 12 rounds in 2 hours is slow",
    "the game ends in 5 minutes, hurry",
    "my turn ends in 5 min, chill",
    "tengo 2 re buenas para la pila 3",
]
R8_FLAGGED = [
    "mine is 80 - 3, do the math",
    "ça ends in 5, la mienne",
    "la mía termina en 7",
    "ich hab nur eine mit 4 hinten",
    "four short of the pile 2 top",
    "j'ai l'âge de la majorité",
    "meine karte = anzahl der karten im skatblatt",
    "ich hab die zahl der kantone",
    "tengo tantas como provincias tiene Argentina",
    "mi carta: los minutos de un partido de fútbol",
    "tengo el número de la mala suerte",
    "díganme el número de su carta más alta",
    "tengo una de 6 y otra de 8",
    "hab die direkt nächste karte für stapel 2",
    "tengo el 5 y el 6, re bajas",
    "i'm at like seventeen, anyone lower?",
]


# Round r9h: kinds read from the spent held-out part r9, written here in new sentences of our own.
R9_HARMLESS = [
    "Root scored 96 off 70 balls, proper innings",
    "we're 240 for 4 after 45 overs",
    "stuck on the 73 bus again, might be late",
    "my granddaughter is visiting, she's 16 and beats me at everything",
    "happy 50th to my mum, she's joining later",
    "'1984' was our book club pick, grim stuff",
    "anoche en el Catán saqué 11 con los dados dos veces",
    "sudoku de 9x9 mientras tanto",
    "0 von 10 Punkten für den Witz",
    "viertel nach acht gehts los, oder zehn nach acht",
    "it's twenty past nine already?",
    "l'appli a 4,5 étoiles, franchement ça va",
    "die App hat 3,9 Sterne, naja",
    "je suis en M1 droit cette année",
    "me quedan 3, todas bajas",
    "au yams hier soir : quatre 5 d'un coup, record battu",
    "beim Skat war Grundwert 24 angesagt",
    "mein Opa hat 7 Enkel und 3 Urenkel",
    "jo passt, bis gleich",
]
R9_FLAGGED = [
    "whats ur lowest card",
    "I am having 4 and 6 only",
    "tengo la de Maradona",
    "j'ai le numéro de Zidane, vous savez",
    "j'ai la dernière avant cent",
    "ich hab die letzte vor hundert",
    "dites vos plus hautes svp",
    "an Sechser hätt i",
    "j'ai le nombre de cartes d'un jeu de belote",
    "in poker terms I have 47",
    "I'm sitting on the 33, blackjack style",
]


# Round r10h: kinds read from the spent held-out part r10, written here in new sentences of our own.
R10_HARMLESS = [
    "[mod] reminder: pile numbers 1-4 are fine, 3 strikes and you sit out",
    "hey all, new here! 24, from Leeds, loving this game",
    "my dog is 11 and sleeps through game night",
    "two more wins to hit 30 this season",
    "ich war 16, als ich das erste Mal verloren hab",
    "um 10 vor 9 gehts los",
    "la quarantaine bien sonnée et toujours nul à ce jeu",
    "con cuarenta y pico años sigo perdiendo, y un chaval de 12 me gana",
    "¿jugamos una a 3 mientras llegan?",
    "ya son las 21, me voy a cenar",
    "estamos a 14 y ya estoy sin plata",
    "mets le plat dans le four, on joue après",
    "tip: name the pile instead of numbers when you warn someone",
]
R10_FLAGGED = [
    "half of a hundred is in my hand",
    "got the bond number lol",
    "gimme ur highest number pls",
    "ich hab die Rückennummer von Lewandowski",
    "tengo los mandamientos",
    "j'ai les nains de Blanche-Neige en main",
    "j'ai l'âge de Jésus à sa mort",
    "tengo los días de una semana",
    "ne touchez pas à la pile du 4",
    "no toquen la pila del 3",
]


# Round r11h: kinds read from the spent held-out part r11, written here in new sentences of our own.
R11_HARMLESS = [
    "our boy's 15 now, he teaches me the rules",
    "mein Junge ist 12 und spielt besser als ich",
    "steht auf Seite 4 der Anleitung",
    "je l'ai payé 25 piasses au dépanneur",
    "¿tomamos once antes de jugar? traje pan",
    "vuelvo en 15, voy a comprar algo",
    "I'll be back in 20, grabbing food",
    "bin in 15 wieder da",
    "j'arrive dans 20, je suis dans le bus",
    "please don't post numbers, the bot will kick us",
    "no escriban números que el bot se enoja",
]
R11_FLAGGED = [
    "my card matches my age, I'm 34",
    "meine Karte ist mein Alter, 41 Jahre",
    "j'ai mon âge plus 5, et j'ai 30 ans",
    "I hold my age minus 3 and I'm 40",
    "I'm holding one of those numbers with two identical digits",
    "hab eine Schnapszahl auf der Hand",
    "j'ai un nombre aux deux chiffres identiques",
    "tengo un número capicúa de dos cifras",
    "Gretzky's jersey is sitting in my hand",
    "Müllers Trikotnummer hab ich",
    "meine Karte ist die Anzahl der Bundesländer",
    "my card = the number of US states",
    "j'ai la carte la plus haute du paquet",
    "I've got fiveteen",
    "vins-trois pour moi",
]
# r11h's readings that were flagged before with a wrong value: the value each sentence tells.
R11_VALUES = [
    ("I got ninety-trois", 93),
    ("ich habe sechzig vier", 64),
    ("ich hab sex und vierzig", 46),
    ("holding eighty sevem for pile 3", 87),
    ("j'ai dis-huit", 18),
    ("ich hab die direkt nach 61", 62),
    ("I've got the one right after 38", 39),
    ("tengo la siguiente al 72", 73),
    ("tengo mi edad menos 10, y tengo 52", 42),
    ("tengo la más baja que existe en toda la baraja", 2),
    ("5·8", 58),
]

R12_HARMLESS = [
    "around half six until ten I'm online",
    "what's that 10 thing people keep doing?",
    "looking for 3 more for a 4 person table",
    "2 piles go up, 2 go down, simple",
    "top of pile 4 plus ten works, reverse move",
    "my nan's 90th is on sunday so I'm out",
    "free after 9, text me",
    "Rappel : aucune valeur de carte ici. Dites plutôt combien de cartes vous pouvez poser.",
    "mon 07 ne marche plus, écrivez-moi ici",
    "les Habs ont perdu 6-3 hier soir",
    "hast du die 39 Stufen mal gesehen? alter Film",
    "hab den client auf 2.4 geupdated",
    "actualicé el juego a la 2.3",
    "die Elf vom HSV spielt grauenhaft",
    "a mi primo le tendieron un cuatro en la oficina",
    "tengo 15 y mi papá no me deja jugar tarde",
    "gol en el minuto 88, increíble",
    "mi laptop tiene 32 gigas y aun así va lento",
    "el autobús 14 viene lleno siempre",
    "en el 86 fui a México con mi familia",
    "hoy es 12 y todavía no cobro",
    "um dreiviertel neun geht's los",
]
R12_FLAGGED = [
    "hab dreiviertel von hundert auf der Hand",
    "tengo tres cuartos de cien",
    "j'ai trois quarts de cent",
    "I can play after 11",
    "top of pile 3 plus five, that one's mine",
]
# r12h's readings: the value each sentence tells.
R12_VALUES = [
    ("hab dreiviertel von hundert auf der Hand", 75),
    ("tengo tres cuartos de cien", 75),
    ("j'ai trois quarts de cent", 75),
]

R13_HARMLESS = [
    "mañana tengo cita el 7, hoy juego un rato nomás",
    "j'ai rendez-vous le 12, on joue avant ?",
    "hab die zweite Staffel durch, 10 Folgen an einem Abend",
    "that show has 6 episodes and I watched all of them",
    "anoche gané con 45 puntos al dominó del abuelo",
    "on a perdu mais j'ai marqué 28 points quand même",
    "en Ottawa hacía -15 esta mañana, qué frío",
    "it was -8 this morning, my car wouldn't start",
    "j'habite dans le 59 depuis toujours",
    "elle vient du 13, elle a l'accent",
    "ils ont aligné un onze de gala hier",
    "4-2 para el Betis, qué partidazo",
    "Doce hombres sin piedad es una película buenísima",
    "Seven Pounds is such a sad movie",
    "Toy Story II und III am Sonntag?",
]
R13_FLAGGED = [
    "ich hab die Zahl nach der 7",
    "I've got the number before 40",
    "c'est 2 de moins que mon âge, et j'ai 45 ans",
    "es mi edad más tres y tengo 50",
    "cuarenta y 6 es lo que tengo",
]
# r13h's readings: the value each sentence tells.
R13_VALUES = [
    ("ich hab die Zahl nach der 7", 8),
    ("I've got the number before 40", 39),
    ("j'ai la carte qui suit le 30", 31),
    ("c'est 2 de moins que mon âge, et j'ai 45 ans", 43),
    ("it's 4 more than my age, I'm 27", 31),
    ("es mi edad más tres y tengo 50", 53),
    ("cuarenta y 6 es lo que tengo", 46),
    ("tengo ochenta y 2", 82),
    ("I've got forty\u2011one", 41),
]

R14_HARMLESS = [
    "the stream starts 8:15pm, be there",
    "great round, under ten left at the end, we had 6",
    "97/98 played, we won by a hair",
    "on remet ça le 21 ? même heure",
    "moi je suis du 31, toulousain",
    "Nadal a 22 titres, quelle carrière",
    "she won 23 titles in her career",
    "t'as 3 de tension ce matin ou quoi",
    "hüt bin i nur bis am achti do",
    "hab 10 stutz verloren beim jassen",
    "meine 3 kids spielen mit, die sind 5 und 9",
    "karl der XII. war ein könig",
    "schaue grad rambo III im tv",
]
R14_FLAGGED = [
    "ok I have 'forty' 'one'",
    'j\'ai "trente" "deux"',
    "lol i got 6o",
    "tengo 7o jaja",
    "jai58",
    "gotthe71 sorry",
    "mine is four score and eleven",
    "hab doppel-drei",
    "tengo el doble cuatro",
    "j'ai le double six",
    "tengo setenta i tres",
]
# r14h's readings: the value each sentence tells.
R14_VALUES = [
    ("ok I have 'forty' 'one'", 41),
    ('j\'ai "trente" "deux"', 32),
    ("lol i got 6o", 60),
    ("jai58", 58),
    ("gotthe71 sorry", 71),
    ("mine is four score and eleven", 91),
    ("hab doppel-drei", 33),
    ("tengo el doble cuatro", 44),
    ("j'ai le double six", 66),
    ("tengo setenta i tres", 73),
]


# The sentences of the rounds read from spent held-out parts, by round (r6h to r14h).
ROUND_HARMLESS = (
    [("r6", m) for m in R6_HARMLESS]
    + [("r7", m) for m in R7_HARMLESS]
    + [("r8", m) for m in R8_HARMLESS]
    + [("r9", m) for m in R9_HARMLESS]
    + [("r10", m) for m in R10_HARMLESS]
    + [("r11", m) for m in R11_HARMLESS]
    + [("r12", m) for m in R12_HARMLESS]
    + [("r13", m) for m in R13_HARMLESS]
    + [("r14", m) for m in R14_HARMLESS]
)
ROUND_FLAGGED = (
    [("r6", m) for m in R6_FLAGGED]
    + [("r7", m) for m in R7_FLAGGED]
    + [("r8", m) for m in R8_FLAGGED]
    + [("r9", m) for m in R9_FLAGGED]
    + [("r10", m) for m in R10_FLAGGED]
    + [("r11", m) for m in R11_FLAGGED]
    + [("r12", m) for m in R12_FLAGGED]
    + [("r13", m) for m in R13_FLAGGED]
    + [("r14", m) for m in R14_FLAGGED]
)
ROUND_VALUES = (
    [("r11", m, v) for m, v in R11_VALUES]
    + [("r12", m, v) for m, v in R12_VALUES]
    + [("r13", m, v) for m, v in R13_VALUES]
    + [("r14", m, v) for m, v in R14_VALUES]
)


@pytest.mark.parametrize(("round_", "message"), ROUND_HARMLESS)
def test_a_round_s_harmless_sentence_is_left_alone(round_: str, message: str) -> None:
    verdict = check(message)
    assert not verdict.flag, f"{round_}: false alarm {message!r} ({verdict.reason})"


@pytest.mark.parametrize(("round_", "message"), ROUND_FLAGGED)
def test_a_round_s_card_sentence_is_flagged(round_: str, message: str) -> None:
    verdict = check(message)
    assert verdict.flag, f"{round_}: missed {message!r} ({verdict.reason})"


@pytest.mark.parametrize(("round_", "message", "value"), ROUND_VALUES)
def test_a_round_s_card_sentence_has_its_value(round_: str, message: str, value: int) -> None:
    verdict = check(message)
    assert verdict.flag, f"{round_}: missed {message!r} ({verdict.reason})"
    assert value in [f.value for f in verdict.numbers], f"{round_}: {message!r} {verdict.numbers}"


# References found among the development rounds' misses (r111 to r117), said as one's card in new words.
@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("my card is the number of keys on a piano", 88),
        ("tengo las teclas de un piano", 88),
        ("meine Karte: so viele wie Tasten am Klavier", 88),
        ("j'ai le nombre de pattes d'une araignée", 8),
        ("ich hab die Zahl der Felder auf dem Schachbrett", 64),
        ("mi carta son las casillas de un tablero de ajedrez", 64),
        ("j'ai une année érotique 😏", 69),
        ("my card is the drinking age in the US", 21),
        # the end of the whole range, held: "de todo el mazo", "bei mir"
        ("tengo la carta más baja de todo el mazo", 2),
        ("die größte Karte im Spiel liegt bei mir", 99),
        # a laugh after the reference does not hide it (a hostile member's way round the frame)
        ("j'ai le nombre de touches d'un piano mdr 😏", 88),
        ("tengo las teclas de un piano jaja", 88),
    ],
)
def test_a_reference_said_as_ones_card_tells_its_number(message: str, value: int) -> None:
    verdict = check(message)
    assert verdict.flag, message
    assert value in [f.value for f in verdict.numbers], message


@pytest.mark.parametrize(
    "message",
    [
        "the piano keys are sticky again",
        "une année érotique, quelle chanson de Gainsbourg",
        "les pattes d'une araignée, berk",
        "las casillas de un tablero de ajedrez son blancas y negras",
        "the drinking age in the US is a weird law",
        # a second reader's: the things themselves, with a verb of having somewhere in the message
        "the piano keys are sticky, I have to get them fixed",
        "ich hab gestern die Klaviertasten gereinigt",
        "meine Klaviertasten sind total verstaubt",
        "j'ai peur des pattes d'une araignée",
        "tengo que mover la ficha por las casillas del tablero",
        "ich hab ein Schachbrett gekauft, die Felder des Schachbretts sind winzig",
        "j'ai écouté année érotique de Gainsbourg hier",
        "I had my first beer way before the drinking age in the US",
        # the end of a range that is no card's: "bei mir" is "for me", and Spanish puts the noun first
        "bei mir ist die Verbindung am höchsten überhaupt",
        "der Lag ist bei mir am größten überhaupt",
        "mi ping es el más alto de todo el juego",
        "mine de rien, j'ai nettoyé les touches du piano",  # "casually", not "mine"
    ],
)
def test_a_reference_not_said_as_ones_card_stays_harmless(message: str) -> None:
    assert not check(message).flag, message


@pytest.mark.parametrize(
    "message",
    ["j'ai nettoyé les touches du piano ce matin", "ich hab gestern die Klaviertasten gereinigt"],
)
def test_an_everyday_reference_not_said_as_ones_card_gives_the_stage_no_number(message: str) -> None:
    verdict = check(message)
    assert not verdict.flag and not verdict.read, verdict
