/** Words a new question starts with, after 'and' or a comma: 'When is the next comp and what is the size for flathead?'. */
const QUESTION_START =
  "(?:what|what's|whats|when|when's|where|where's|which|who|who's|whom|why|how|is|are|can|could|do|does|did|will|would|should|am|any|have|has|tell|give|i|i'm|im)";
const CONJUNCTION = new RegExp(`\\s*(?:,\\s*)?\\b(?:and|also|plus|but|&)\\s+(?=${QUESTION_START}\\b)`, 'i');
const LEADING = /^(?:and|also|plus|but|oh|so|then|ok|okay)\b[\s,]*/i;
/** 'the size limit for bream and for mangrove jack' → the phrase before the last preposition, said twice. */
const SHARED_HEAD = /^(.*\b(?:for|of|about|on)\s+)(.+?)\s+and\s+(?:for\s+|of\s+|about\s+|on\s+)?(.+)$/i;
/** Words that point back to the question before ('what does it cost?'). */
const POINTS_BACK = /\b(it|its|it's|that|this|there|they|them|their)\b/i;

/**
 * A question in the parts a person asked in it, in order: 'When is the next comp and what is the minimum size for
 * flathead?' is two questions, each answered on its own. A part that only points back ('and what does it cost?') is
 * asked with the part before it.
 */
export function questionParts(message: string): string[] {
  const sentences = message
    .split(/(?<=[?!;])\s*|\n+|(?<=\.)\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);
  const parts: string[] = [];
  for (const sentence of sentences) {
    for (const piece of sentence.split(CONJUNCTION)) {
      const text = piece
        .replace(LEADING, '')
        .replace(/[\s?!.;,]+$/, '')
        .trim();
      if (!text) continue;
      parts.push(...sharedHead(text));
    }
  }
  const merged: string[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (previous && POINTS_BACK.test(part) && contentWords(part) <= 2) merged.push(`${part} (${previous})`);
    else merged.push(part);
  }
  return merged.length ? merged : [message.trim()];
}

/** 'What is the size limit for bream and for mangrove jack' → the same question for each, when the second is short. */
function sharedHead(text: string): string[] {
  const match = SHARED_HEAD.exec(text);
  if (!match) return [text];
  const [, head, first, second] = match;
  if (second.split(/\s+/).length > 3 || first.split(/\s+/).length > 4) return [text];
  return [`${head}${first}`, `${head}${second}`];
}

function contentWords(text: string): number {
  return (
    text
      .toLowerCase()
      .match(/[a-z']+/g)
      ?.filter(
        (w) =>
          !/^(it|its|it's|that|this|there|they|them|their|what|when|where|how|much|does|do|is|are|the|a|an|and|also|cost|costs|much)$/.test(
            w,
          ),
      ).length ?? 0
  );
}
