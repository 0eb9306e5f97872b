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
};

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('es') && !word.endsWith('ses')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9'-]+/g) ?? [])
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w && !STOPWORDS.has(w))
    .map((w) => stem(SYNONYMS[w] ?? w))
    .map((w) => SYNONYMS[w] ?? w);
}

interface Indexed {
  passage: Passage;
  terms: Map<string, number>;
  length: number;
}

export interface Hit {
  passage: Passage;
  score: number;
  /** The share of the question's meaningful words this passage has. */
  coverage: number;
}

/** BM25 over the passages (title and aliases count with the text), kept in memory; rebuilt when content changes. */
export class PassageIndex {
  private readonly docs: Indexed[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(passages: Passage[]) {
    this.docs = passages.map((passage) => {
      const words = [...tokens(passage.title), ...tokens(passage.title), ...tokens(passage.aliases ?? ''), ...tokens(passage.text)];
      const terms = new Map<string, number>();
      for (const w of words) terms.set(w, (terms.get(w) ?? 0) + 1);
      for (const w of terms.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
      return { passage, terms, length: words.length };
    });
    this.avgLength = this.docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, this.docs.length);
  }

  search(question: string, limit = 3): Hit[] {
    const query = [...new Set(tokens(question))];
    const strongWords = query.filter((w) => !WEAK.has(w)).length;
    // A question made only of weak words ('fishing club?') is not something to answer from one passage.
    if (strongWords === 0) return [];
    const n = this.docs.length;
    const k1 = 1.4;
    const b = 0.6;
    const hits: Hit[] = [];
    for (const doc of this.docs) {
      let score = 0;
      let strong = 0;
      for (const w of query) {
        const tf = doc.terms.get(w);
        if (!tf) continue;
        const df = this.df.get(w) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (WEAK.has(w) ? 0.3 : 1) * idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / this.avgLength)));
        if (!WEAK.has(w)) strong += 1;
      }
      if (strong > 0) hits.push({ passage: doc.passage, score, coverage: strong / strongWords });
    }
    return hits.sort((x, y) => y.score - x.score).slice(0, limit);
  }
}
