import type { Passage } from './knowledge';

/** Words that say nothing about what is asked. */
const STOPWORDS = new Set(
  `a an the and or but if of to in on at by for with from about into over after before is are was were be been being am do does did doing have has had
  i me my we our you your he she it its they them their this that these those what which who whom whose when where why how can could should would will
  shall may might must there here any some all each every no not only own same so than too very just also up out off again further then once more most
  other such both few tell know please want like get got give let us im i'm it's whats what's hi hello g'day gday thanks thank cheers mate`.split(
    /\s+/,
  ),
);
/** Words too common on a fishing club's site to carry a question on their own. */
const WEAK = new Set(['club', 'fish', 'fishing', 'angler', 'anglers', 'member', 'members', 'tweed', 'coast', 'much', 'need', 'go', 'one']);

const SYNONYMS: Record<string, string> = {
  license: 'licence',
  kid: 'junior',
  kids: 'junior',
  child: 'junior',
  children: 'junior',
  teen: 'junior',
  teenager: 'junior',
  jewfish: 'mulloway',
  jew: 'mulloway',
  flattie: 'flathead',
  flatties: 'flathead',
  jacks: 'jack',
  cost: 'fee',
  costs: 'fee',
  price: 'fee',
  prices: 'fee',
  charge: 'fee',
  subscription: 'fee',
  dollars: 'fee',
  comp: 'competition',
  comps: 'competition',
  tournament: 'competition',
  signup: 'join',
  length: 'size',
  long: 'size',
  big: 'size',
  legal: 'size',
  minimum: 'size',
  email: 'contact',
  'e-mail': 'contact',
  behaviour: 'conduct',
  behavior: 'conduct',
  sponsorship: 'sponsor',
  sponsoring: 'sponsor',
  register: 'registration',
  registered: 'registration',
  drink: 'alcohol',
  drinking: 'alcohol',
  beer: 'alcohol',
  booze: 'alcohol',
  grog: 'alcohol',
  weekend: 'next',
  cheap: 'fee',
  cheaper: 'fee',
  cheapest: 'fee',
  soon: 'next',
  shore: 'land',
};

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('es') && !word.endsWith('ses')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function tokens(text: string): string[] {
  return (
    (text.toLowerCase().match(/[a-z0-9'-]+/g) ?? [])
      .map((w) => w.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
      // 'land-based' is also 'land' and 'based'; 'e-mail' stays whole.
      .flatMap((w) => (w.includes('-') && !SYNONYMS[w] ? [w, ...w.split('-').filter((p) => p.length > 1)] : [w]))
      .filter((w) => w && !STOPWORDS.has(w))
      .map((w) => stem(SYNONYMS[w] ?? w))
      .map((w) => SYNONYMS[w] ?? w)
  );
}

interface Indexed {
  passage: Passage;
  terms: Map<string, number>;
  length: number;
}

export interface Hit {
  passage: Passage;
  score: number;
  /**
   * How much of the question this passage covers: its meaningful words weighted by how telling they are (IDF), a
   * word found nowhere in the club's content weighing the most. 'Can I bring my dog?' covers little of anything.
   */
  coverage: number;
}

/** Words of asking and doing that say nothing about what is asked ('is it allowed', 'where is it held'). */
const GENERIC = new Set(
  `allowed allow bring take find use come go going get need good best held happen happens way possible ok okay able thing things
  anything something make say work want wanna know tell give show help really actually around still yet many someone somebody
  anyone anybody people person now currently include includes included including during whole`
    .split(/\s+/)
    // As tokens() leaves them: 'during' is 'dur'.
    .flatMap((w) => [w, stem(w)]),
);

/** BM25 over the passages (title and aliases count with the text), kept in memory; rebuilt when content changes. */
export class PassageIndex {
  private readonly docs: Indexed[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;
  /** Every word of the content, as written (lower case): what is a name of the club's and what is not. */
  private readonly vocabulary = new Set<string>();

  constructor(passages: Passage[]) {
    this.docs = passages.map((passage) => {
      const words = [...tokens(passage.title), ...tokens(passage.title), ...tokens(passage.aliases ?? ''), ...tokens(passage.text)];
      for (const w of `${passage.title} ${passage.aliases ?? ''} ${passage.text}`.toLowerCase().match(/[a-z0-9'-]+/g) ?? [])
        this.vocabulary.add(w.replace(/'s$/, ''));
      const terms = new Map<string, number>();
      for (const w of words) terms.set(w, (terms.get(w) ?? 0) + 1);
      for (const w of terms.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
      return { passage, terms, length: words.length };
    });
    this.avgLength = this.docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, this.docs.length);
  }

  /** Whether a word (as written, any case) appears anywhere in the club's content. */
  knows(word: string): boolean {
    return this.vocabulary.has(word.toLowerCase().replace(/['’]s$/, ''));
  }

  private idf(word: string): number {
    const n = this.docs.length;
    const df = this.df.get(word) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  search(question: string, limit = 3): Hit[] {
    // Bare numbers ('a 25 cm whiting') would match any passage with that number in it.
    const query = [...new Set(tokens(question))].filter((w) => !GENERIC.has(w) && !/^\d+$/.test(w));
    // A question made only of weak words ('fishing club?') is not something to answer from one passage.
    if (!query.some((w) => !WEAK.has(w))) return [];
    const k1 = 1.4;
    const b = 0.6;
    const weight = (w: string) => (WEAK.has(w) ? 0.3 : 1) * this.idf(w);
    const total = query.reduce((sum, w) => sum + weight(w), 0);
    const hits: Hit[] = [];
    for (const doc of this.docs) {
      let score = 0;
      let covered = 0;
      let strong = false;
      for (const w of query) {
        const tf = doc.terms.get(w);
        if (!tf) continue;
        score += weight(w) * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / this.avgLength)));
        covered += weight(w);
        if (!WEAK.has(w)) strong = true;
      }
      if (strong) hits.push({ passage: doc.passage, score, coverage: covered / total });
    }
    return hits.sort((x, y) => y.score - x.score).slice(0, limit);
  }
}
