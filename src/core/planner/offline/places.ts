// Place words: "X should sit behind the rest", "keep X underneath everything", "X at the back", "put X below the other
// displays" all say the catalog's "behind everything" (Draw Behind on); "in front of / on top of" stay the opposite.
// A place of a thing in the world ("the lidar at the back of the robot") is no drawing order.

/** Everything else, as the object of a place word. */
const THE_REST = String.raw`(?:everything(?:\s+else)?|all(?:\s+else|\s+the\s+others|\s+other\s+displays)?|the\s+rest|the\s+others|(?:the\s+)?other\s+displays|anything\s+else)`;
/** Being somewhere ("sit", "stay", "lie", "go", "be put"): being drawn there. */
const BE = String.raw`(?:sit|sits|sitting|stay|stays|staying|lie|lies|lying|go|goes|be\s+put|be\s+placed|be\s+kept|live|lives)`;

export function placeWords(text: string): string {
  return text
    // "push / shove X to the back": moving it there.
    .replace(/\b(?:push|pushes|shove|shoves)\b(?=[^.;,]*\b(?:to|at)\s+the\s+(?:very\s+)?(?:back|bottom)\b)/gi, 'move')
    // "at the (very) back / bottom" (not "… of the robot"), "to the back": behind everything.
    .replace(/\b(?:at|to)\s+the\s+(?:very\s+)?(?:back|bottom)\b(?!\s+of\b)/gi, 'behind everything')
    // "the bottom / lowest layer", "in the back": behind everything.
    .replace(/\b(?:(?:as|on|in)\s+)?(?:the\s+)?(?:bottom|bottommost|lowest|back|backmost|rearmost)\s+layer\b/gi, 'behind everything')
    .replace(/\bin\s+the\s+back\b(?!\s+of\b)/gi, 'behind everything')
    // "below / under / beneath / underneath everything, the rest, the other displays": behind everything.
    .replace(new RegExp(String.raw`\b(?:below|under|beneath|underneath)\s+${THE_REST}`, 'gi'), 'behind everything')
    .replace(new RegExp(String.raw`\bbehind\s+${THE_REST}`, 'gi'), 'behind everything')
    // "X should sit behind …", "lie behind everything": be drawn there.
    .replace(new RegExp(String.raw`\b${BE}\s+behind\b`, 'gi'), 'be drawn behind');
}
