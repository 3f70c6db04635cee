// Word lists for the prose generator, one lexicon per subject and language.
// None of them may contain a probe word; BookRenderer checks that probes only
// appear where a book places them.

enum Lexicons {
    // MARK: English

    static let lighthouses = Lexicon(
        templates: [
            "{opener?} {person} {personVerb} {personObject} {ending}.",
            "{opener?} {thing} {thingVerb} {thingObject} {ending}.",
            "{opener} {person} {personVerb} {personObject}, and {thing} {thingVerb} {thingObject}.",
            "{thing} {thingVerb} {thingObject} {ending?}.",
            "{opener?} {person} {personVerb} {personObject}, while {thing} {thingVerb} {thingObject}.",
        ],
        slots: [
            "opener": ["By 1850,", "In most cases,", "Even so,", "According to the logbooks,", "On calm evenings,",
                       "For a time,", "Later,", "In the north,", "Curiously,", "As a rule,", "Within a decade,",
                       "On the western isles,", "During the long winters,", "Every autumn,"],
            "person": ["the keeper", "a coastal pilot", "the harbour master", "the relief crew", "the survey party",
                       "the first engineers", "the lighthouse board", "the assistant keeper", "the keeper's wife",
                       "a visiting inspector", "the lamp maker", "the principal keeper"],
            "personVerb": ["recorded", "repaired", "replaced", "described", "surveyed", "measured", "polished",
                           "painted", "inspected", "cleaned", "checked", "rebuilt"],
            "personObject": ["the granite causeway", "the tide tables", "the brass clockwork", "the whale-oil lamps",
                             "the lantern gallery", "the daily log", "the spiral staircase", "the red sector",
                             "the clockwork that turned the lens", "the signal flags", "the storm shutters",
                             "the landing stage"],
            "thing": ["the old tower", "the beam", "each new lens", "the fog signal", "the northern light",
                      "the stone lantern", "the harbour light", "the great lens", "the rotating beam"],
            "thingVerb": ["watched over", "guided", "lit", "warned", "outlasted", "swept across", "marked"],
            "thingObject": ["the narrow channel", "the fishing fleet", "the shipping lanes", "the eastern approaches",
                            "the rocky headland", "passing ships", "the shoals beyond the point", "the harbour mouth",
                            "the reef", "the open sea"],
            "ending": ["through the long winter", "before the first gas lamps arrived", "for nearly forty years",
                       "despite the gales", "on every clear night", "with remarkable patience",
                       "from the cliffs above the bay", "long after the railway came", "in the spring of 1869",
                       "at the turn of the century", "without a single failure", "beneath a sky of scudding cloud",
                       "until the light was automated", "whenever the glass began to fall"],
        ])

    static let cafeEnglish = Lexicon(
        templates: [
            "{opener?} {subject} {verb} {object} {ending}.",
            "{opener} {subject} {verb} {object}, while {subject} {verb} {object}.",
            "{subject} {verb} {object} {ending?}.",
        ],
        slots: [
            "opener": ["In the morning,", "By noon,", "On most days,", "Without exception,", "In winter,",
                       "Late in the evening,", "For generations,", "On Sundays,", "After the war,"],
            "subject": ["the waiter", "the owner of the café", "a regular customer", "the pastry cook",
                        "an old journalist", "the students from the university", "a pair of chess players",
                        "the woman at the cash desk", "a painter from São Paulo", "the critic"],
            "verb": ["ordered", "served", "recommended", "discussed", "carried", "remembered", "praised", "shared",
                     "sketched", "defended"],
            "object": ["a café crème", "the crème brûlée", "a glass of water", "the morning papers",
                       "a plate of pastries", "the latest gossip", "a strong espresso", "the bill on a small saucer",
                       "a feeling of déjà vu", "a slice of Sachertorte", "the merits of the new café"],
            "ending": ["at a marble table", "near the window", "on the crowded terrace", "beneath the old mirrors",
                       "before the tram arrived", "as the rain began", "while the espresso machine hissed",
                       "along the Hauptstraße", "with exquisite politeness", "in a corner of the café"],
        ])

    static let longHistory = Lexicon(
        templates: [
            "{opener?} {subject} {verb} {object} {ending}.",
            "{opener} {subject} {verb} {object}, and {subject} {verb} {object}.",
            "{subject} {verb} {object} {ending?}.",
        ],
        slots: [
            "opener": ["In the early centuries,", "Long before the first cities,", "During the great migrations,",
                       "By the end of the age,", "Some chroniclers claim that", "For a while,", "Elsewhere,",
                       "In the same decades,", "Slowly,", "Nobody can say exactly why, but"],
            "subject": ["the river kingdoms", "the merchants of the coast", "wandering scholars", "the early farmers",
                        "the northern tribes", "a succession of minor kings", "the temple scribes",
                        "the guilds of the inland towns", "travelling potters", "the mountain villages",
                        "the court astronomers", "a few patient monks"],
            "verb": ["traded", "recorded", "built", "abandoned", "copied", "defended", "measured", "forgot",
                     "rediscovered", "carried", "taxed", "celebrated"],
            "object": ["salt and amber", "the calendar of the seasons", "new roads across the marshes",
                       "the old fortifications", "long lists of harvests", "bronze tools", "the laws of their ancestors",
                       "the courses of the stars", "stories of the great flood", "maps of distant shores",
                       "the price of grain", "the names of forgotten gods"],
            "ending": ["for many generations", "across the inland sea", "with little regard for their neighbours",
                       "until the rivers changed their course", "in a hand that few could read",
                       "as the climate slowly warmed", "despite years of famine", "long after their cities had fallen"],
        ])

    static let coasts = Lexicon(
        templates: [
            "{opener?} {subject} {verb} {object} {ending}.",
            "{subject} {verb} {object} {ending?}.",
        ],
        slots: [
            "opener": ["At low water,", "Seen from the air,", "On older charts,", "In most seasons,", "Further south,"],
            "subject": ["the shoreline", "a chain of dunes", "the estuary", "a line of chalk cliffs", "the outer sandbank",
                        "the coastal road", "a string of islands", "the salt marsh"],
            "verb": ["follows", "shelters", "hides", "borders", "divides", "protects", "frames"],
            "object": ["a shallow bay", "the fishing harbours", "a maze of channels", "the old ferry crossing",
                       "wide beaches of pale sand", "the mouth of the river", "a colony of seabirds"],
            "ending": ["for several miles", "as far as the headland", "between two ports", "at every spring tide",
                       "on the seaward side", "within sight of the lighthouse"],
        ])

    static let notes = Lexicon(
        templates: [
            "{task} {when}.",
            "{task}, then {task2} {when?}.",
            "Remember: {remember}.",
        ],
        slots: [
            "task": ["Call the printer about the proofs", "Return the library books", "Buy stamps and envelopes",
                     "Water the plants on the balcony", "Email the committee", "Fix the bicycle light",
                     "Book the train to the coast"],
            "task2": ["check the tide times", "pay the electricity bill", "collect the photographs",
                      "renew the insurance", "sort the receipts"],
            "when": ["before Friday", "on Tuesday morning", "after lunch", "this weekend", "by the end of the month"],
            "remember": ["the meeting moved to room four", "the spare key is under the blue pot",
                         "bring the charger", "ask about the discount", "the shop closes early on Saturdays"],
        ])

    static let voyage = Lexicon(
        templates: [
            "{opener?} {person} {personVerb} {personObject} {ending}.",
            "{opener?} {thing} {thingVerb} {thingObject} {ending?}.",
            "{opener} {person} {personVerb} {personObject}, and {thing} {thingVerb} {thingObject}.",
            "{opener?} {person} {personVerb} {personObject}, while {thing} {thingVerb} {thingObject}.",
        ],
        slots: [
            "opener": ["Before dawn,", "By the third week,", "North of the Arctic Circle,", "At the edge of the ice,",
                       "In the long twilight,", "Once the wind had dropped,", "That evening,", "Towards midnight,",
                       "On the open deck,", "Beyond the last fjord,", "For a few minutes,", "Later that night,"],
            "person": ["the captain", "the ship's cook", "a fisherman from Hammerfest", "the first mate",
                       "the young navigator", "an old whaler", "the passengers", "the harbour pilot",
                       "a schoolteacher from Bergen", "the radio operator", "the Sami herder", "my travelling companion"],
            "personVerb": ["watched", "described", "photographed", "sketched", "pointed out", "measured",
                           "remembered", "followed", "studied", "waited for"],
            "personObject": ["the pale green arcs", "the frozen coastline", "the charts of the Barents Sea",
                             "the reindeer on the shore", "the ice on the rigging", "the stars above the mast",
                             "the lights of the fishing villages", "the curtain of colour", "the depth soundings",
                             "the slow turn of the sky"],
            "thing": ["the aurora", "the polar night", "the little steamer", "the snow on the mountains",
                      "a band of violet light", "the midnight sky", "the coastal express", "the frozen harbour",
                      "the wind from Svalbard"],
            "thingVerb": ["flickered over", "lit", "crossed", "covered", "swept across", "shimmered above",
                          "faded behind", "gathered over"],
            "thingObject": ["the quiet fjord", "the sleeping town", "the islands of Lofoten", "the open water",
                            "the wooden quay", "the ridge of the mountains", "the eastern horizon",
                            "the snowfields beyond Tromsø"],
            "ending": ["for almost an hour", "without a sound", "as the temperature fell", "until the cloud returned",
                       "in the stillness of the Arctic winter", "long after the others had gone below",
                       "beneath a sky of deep blue", "on every clear night of the voyage",
                       "while the engines throbbed below", "with a patience I could not share"],
        ])

    // MARK: Chinese in the manner of a Qing novel

    /// Prose in the manner of Dream of the Red Chamber, generated: the excerpt's own sentences are the probes.
    static let redChamber = Lexicon(
        templates: [
            "{time}，{person}{action}。",
            "{person}{action}，{person2}{reaction}。",
            "{time}，{person}在{place}{action}，{person2}{reaction}。",
        ],
        slots: [
            "time": ["一日", "次日", "是日", "当下", "正值暮春时节", "及至晚间", "不多时", "这日饭后", "至次年春"],
            "person": ["宝玉", "黛玉", "宝钗", "贾母", "王夫人", "凤姐", "袭人", "紫鹃", "雨村", "士隐", "探春", "湘云"],
            "person2": ["众人", "丫鬟们", "贾母", "宝玉", "黛玉", "凤姐", "王夫人", "老嬷嬷们"],
            "place": ["大观园中", "潇湘馆里", "怡红院内", "荣国府前厅", "沁芳亭畔", "稻香村外", "葫芦庙旁", "姑苏城内"],
            "action": ["闲步赏花", "焚香读书", "对月吟诗", "临窗作画", "与姊妹们说笑", "独坐垂泪", "命人摆酒",
                       "抚琴一曲", "看那池中游鱼", "细问家中诸事", "携了手进来"],
            "reaction": ["都笑了", "忙起身相迎", "不免叹息一回", "只得应了", "各自散去", "心中暗暗称奇",
                         "听了点头不语", "便不再提起"],
        ],
        sentenceSeparator: "", capitalize: false)

    // MARK: French, German, Spanish, Portuguese

    static let french = Lexicon(
        templates: ["{sujet} {verbe} {objet} {lieu}.", "{debut} {sujet2} {verbe} {objet}."],
        slots: [
            "sujet": ["Le garçon", "La patronne", "Un étudiant", "Une élève du lycée", "Le poète", "La clientèle fidèle",
                      "Le vieux peintre"],
            "sujet2": ["le garçon", "la patronne", "un étudiant", "le poète", "la clientèle fidèle"],
            "debut": ["Chaque matin,", "Après le déjeuner,", "En été,", "Dès l'aube,", "Le dimanche,"],
            "verbe": ["apporte", "prépare", "commande", "déguste", "préfère", "décrit"],
            "objet": ["un café crème", "une tarte aux pêches", "un croissant doré", "le thé à la menthe",
                      "une crêpe sucrée", "un verre de rosé", "un express très serré"],
            "lieu": ["à la terrasse ensoleillée", "près de la fenêtre", "dans le quartier élégant",
                     "derrière le comptoir en étain", "au bord de la Seine", "sous les arbres du boulevard"],
        ])

    static let german = Lexicon(
        templates: ["{subjekt} {verb} {objekt} {ort}.", "{anfang} {verb} {subjekt2} {objekt}."],
        slots: [
            "subjekt": ["Der Kellner", "Die Stammgäste", "Ein Student", "Die Großmutter", "Der Schriftsteller",
                        "Eine Malerin aus Köln"],
            "subjekt2": ["der Kellner", "die Großmutter", "ein Student", "der Schriftsteller"],
            "anfang": ["Jeden Morgen", "Am Nachmittag", "Im Winter", "Nach dem Theater", "Schon früh"],
            "verb": ["bestellt", "trinkt", "liest", "genießt", "empfiehlt"],
            "objekt": ["einen Einspänner", "die Zeitung", "ein Stück Sachertorte", "einen großen Braunen",
                       "den Apfelstrudel", "eine heiße Schokolade"],
            "ort": ["im gemütlichen Kaffeehaus", "am Marmortisch", "neben dem Klavier", "in der Nähe des Rings",
                    "während des Frühstücks", "für eine ganze Stunde"],
        ])

    static let spanish = Lexicon(
        templates: ["{sujeto} {verbo} {objeto} {lugar}.", "{inicio} {sujeto2} {verbo} {objeto}."],
        slots: [
            "sujeto": ["El camarero", "La abuela", "Un niño pequeño", "Los señores mayores", "La dueña",
                       "Un poeta andaluz"],
            "sujeto2": ["el camarero", "la abuela", "la dueña", "un estudiante"],
            "inicio": ["Cada tarde,", "Después de la siesta,", "Los domingos,", "En invierno,", "Al amanecer,"],
            "verbo": ["sirve", "pide", "prueba", "recomienda", "comparte"],
            "objeto": ["un café con leche", "churros con chocolate", "una tostada con tomate", "un cortado",
                       "la tortilla española", "un vaso de horchata"],
            "lugar": ["en la plaza mayor", "junto a la ventana", "en el rincón de siempre", "por la tarde",
                      "bajo los soportales", "cerca de la Puerta del Sol"],
        ])

    static let portuguese = Lexicon(
        templates: ["{sujeito} {verbo} {objeto} {lugar}.", "{inicio} {sujeito2} {verbo} {objeto}."],
        slots: [
            "sujeito": ["O empregado", "A senhora", "Um turista", "Os estudantes", "A avó", "O poeta do Chiado"],
            "sujeito2": ["o empregado", "a senhora", "um turista", "a avó"],
            "inicio": ["Todas as manhãs,", "Depois do almoço,", "No verão,", "Aos sábados,", "À noite,"],
            "verbo": ["serve", "pede", "saboreia", "prefere", "descreve"],
            "objeto": ["uma bica", "um pastel de nata", "um galão", "o pão de queijo", "uma torrada",
                       "um copo de ginjinha"],
            "lugar": ["na esplanada", "perto da estação", "no balcão de mármore", "à tarde", "junto ao rio Tejo",
                      "numa rua estreita de Alfama"],
        ])

    // MARK: Japanese and Chinese

    static let japanese = Lexicon(
        templates: [
            "{time}、{place}では{event}",
            "{place}では、{time}{event}",
            "{time}、{place}では{scene}",
        ],
        slots: [
            "time": ["春になると", "朝早く", "夕方になると", "週末には", "雨の日には", "夏の夜", "秋が深まると",
                     "冬の朝", "昼下がり"],
            "place": ["上野公園", "隅田川のほとり", "浅草の路地", "新宿の高層ビル街", "神田の古本屋街", "皇居の周り",
                      "下町の商店街", "代々木公園", "谷中の墓地"],
            "event": ["桜の花が美しく咲きます。", "観光客がたくさん集まります。", "子供たちが元気に遊んでいます。",
                      "古い寺の鐘が遠くまで響きます。", "冷たい風が静かに吹いています。", "紅葉が美しく色づきます。",
                      "屋台の明かりが静かに輝いています。", "猫がのんびりと昼寝をしています。",
                      "人々がゆっくりと散歩しています。"],
            "scene": ["空気が少し冷たくなります。", "景色がすっかり変わります。", "町が穏やかな時間に包まれます。",
                      "季節の訪れを感じます。"],
        ],
        sentenceSeparator: "", capitalize: false)

    static let chinese = Lexicon(
        templates: [
            "{time}，{place}的{event}",
            "{time}，在{place}，{event}",
        ],
        slots: [
            "time": ["每年秋天", "清晨", "周末", "傍晚时分", "冬天", "春节前后"],
            "place": ["北京", "上海的老街", "西湖边", "胡同里", "颐和园", "天坛公园"],
            "event": ["老人们打太极拳。", "学生们安静地读书。", "游客们拍照留念。", "小贩叫卖糖葫芦。",
                      "年轻的父母带着孩子散步。", "朋友们一边喝茶一边聊天。", "落叶铺满了小路。"],
        ],
        sentenceSeparator: "", capitalize: false)
}
