/**
 * Well-known film people (directors and actors), for a catalog without cast or crew (offline): a
 * message that names one asks about a person, which the bot says plainly it cannot look up, rather
 * than reading the name as a theme ("nolan" as a word in a story), small talk or off-topic
 * (decision 0105). With a people index (a synced catalog) the index decides instead.
 *
 * `FILM_PEOPLE`: full names as people type them (any case, accents optional). `FILM_SURNAMES`: the
 * surnames that name one person on their own ("kubrick", "miyazaki", "tarantino"); surnames that
 * are also everyday words or titles ("lean", "stone", "lee", "ford", "wilder", "lynch",
 * "hitchcock" is kept: the 2012 film is a biopic of him) are left out and need the full name.
 */
export const FILM_PEOPLE: readonly string[] =
  `stanley kubrick|alfred hitchcock|christopher nolan|quentin tarantino
|martin scorsese|steven spielberg|hayao miyazaki|akira kurosawa|pedro almodovar|guillermo del toro
|david fincher|denis villeneuve|wes anderson|sofia coppola|francis ford coppola|ridley scott
|james cameron|peter jackson|tim burton|coen brothers|joel coen|ethan coen|david lynch|terrence malick
|ingmar bergman|federico fellini|jean-luc godard|francois truffaut|agnes varda|michael haneke
|lars von trier|bong joon-ho|bong joon ho|park chan-wook|park chan wook|wong kar-wai|wong kar wai
|zhang yimou|satyajit ray|andrei tarkovsky|sergio leone|billy wilder|orson welles|john ford
|fritz lang|werner herzog|wim wenders|paul thomas anderson|spike lee|spike jonze|greta gerwig
|jordan peele|ari aster|robert eggers|richard linklater|darren aronofsky|danny boyle|guy ritchie
|edgar wright|taika waititi|sam raimi|john carpenter|wes craven|george lucas|michael bay
|ron howard|clint eastwood|woody allen|mel brooks|john hughes|nora ephron|rob reiner|frank capra
|david lean|sidney lumet|roman polanski|brian de palma|oliver stone|luc besson|jean-pierre jeunet
|alejandro gonzalez inarritu|alfonso cuaron|tom hanks|meryl streep|leonardo dicaprio|brad pitt
|denzel washington|morgan freeman|robert de niro|al pacino|jack nicholson|anthony hopkins
|cate blanchett|tilda swinton|scarlett johansson|natalie portman|keanu reeves|tom cruise
|will smith|jim carrey|adam sandler|ben stiller|bill murray|robin williams|harrison ford
|sigourney weaver|jodie foster|julia roberts|sandra bullock|nicole kidman|kate winslet
|emma stone|ryan gosling|joaquin phoenix|christian bale|matt damon|george clooney|johnny depp
|audrey hepburn|marilyn monroe|humphrey bogart|cary grant|james stewart|jimmy stewart
|charlie chaplin|buster keaton|gene kelly|fred astaire|bette davis|katharine hepburn
|ingrid bergman|marlon brando|paul newman|steve mcqueen|clint eastwood|arnold schwarzenegger
|sylvester stallone|bruce willis|jackie chan|bruce lee|jet li|toshiro mifune|gerard depardieu
|isabelle huppert|catherine deneuve|penelope cruz|javier bardem|ryan reynolds|dwayne johnson
|nicolas cage|samuel l jackson|samuel l. jackson|michael caine|gary oldman|tom hardy|cillian murphy
|margot robbie|jennifer lawrence|saoirse ronan|timothee chalamet|zendaya|florence pugh
|amy adams|viola davis|frances mcdormand|philip seymour hoffman|daniel day-lewis|daniel day lewis
|kevin costner|mel gibson|russell crowe|hugh jackman|hugh grant|colin firth|judi dench
|helen mirren|maggie smith|ian mckellen|patrick stewart|liam neeson|jason statham|vin diesel
|eddie murphy|steve martin|will ferrell|seth rogen|jonah hill|jennifer aniston|cameron diaz
|drew barrymore|reese witherspoon|emma watson|daniel radcliffe|tom holland|chris hemsworth
|robert downey jr|chris evans|mark ruffalo|benedict cumberbatch|keira knightley|anne hathaway
|julianne moore|charlize theron|angelina jolie|halle berry|jamie lee curtis|goldie hawn
|diane keaton|dustin hoffman|robert redford|gene hackman|kevin spacey|edward norton|ethan hawke
|julie delpy|jean reno|mads mikkelsen|toni servillo|marcello mastroianni|sophia loren`
    .split('|')
    .map((n) => n.trim())
    .filter(Boolean);

/** Surnames that name one of `FILM_PEOPLE` on their own (possessives are read too: "kubrick's"). */
export const FILM_SURNAMES: readonly string[] = `kubrick|hitchcock|nolan|tarantino|scorsese|spielberg
|miyazaki|kurosawa|almodovar|fincher|villeneuve|coppola|tarkovsky|fellini|bergman|truffaut|godard
|haneke|kieslowski|antonioni|bunuel|kiarostami|leone|welles|herzog|aronofsky|linklater|gerwig
|inarritu|cuaron|eastwood|schwarzenegger|stallone|dicaprio|streep|depardieu|mifune|chaplin
|kaurismaki|zemeckis|cronenberg|verhoeven|polanski|jodorowsky|wenders|fassbinder|lumet|kazan
|capra|zinnemann|mankiewicz|wyler|hanks|portman|clooney|sandler|statham|pacino|nicholson|blanchett
|swinton|johansson|kidman|winslet|bogart|brando|gyllenhaal|cumberbatch|mikkelsen|mcdormand|theron
|huppert|deneuve|mastroianni`
  .split('|')
  .map((n) => n.trim())
  .filter(Boolean);

/**
 * Decision 0133: given names no one else is known by ("whats the best denzel movie"): alone, each
 * names the one of `FILM_PEOPLE` it begins.
 */
export const FILM_GIVEN_NAMES: readonly string[] = [
  'denzel',
  'meryl',
  'keanu',
  'zendaya',
  'timothee',
  'saoirse',
  'cillian',
  'sigourney',
];
