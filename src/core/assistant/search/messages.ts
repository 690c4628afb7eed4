/** What the CLI prints and the assistant tells the model when no page passes the thresholds. */
export const NO_MATCH_MESSAGE = 'no documentation matched';
