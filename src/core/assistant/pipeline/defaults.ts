/** Every bound of the assistant pipeline in one place (named, so tests and the UI can read them). */
export interface AskSettings {
  /** A question longer than this is cut (characters). */
  maxQuestionChars: number;
  /** At most this many findings go to the model and the context event. */
  maxFindings: number;
  /** A finding's summary, hint and each evidence line are cut to this (characters). */
  maxFindingChars: number;
  /** At most this many evidence lines per finding. */
  maxEvidenceLines: number;
  /** Earlier turns kept for a follow-up question (the latest ones). */
  historyTurns: number;
  /** Each earlier question and answer is cut to this (characters). */
  historyTurnChars: number;
  /** Pages retrieved; the prompt quotes this many excerpts. */
  sources: number;
  /** Length of each excerpt quoted to the model (characters around the best sentence). */
  promptExcerptChars: number;
  /** Robot topics listed in the prompt, at most. */
  maxTopicsInPrompt: number;
  /** The length the model is asked to keep to (words). */
  answerWords: number;
  /** Offline: passages quoted, at most, and at most this many per page. */
  offlinePassages: number;
  offlinePassagesPerPage: number;
  /** Offline: findings listed before the passages, at most. */
  offlineFindings: number;
  /** Whole model call timeout (ms). */
  modelTimeoutMs: number;
}

export const ASK_DEFAULTS: Readonly<AskSettings> = Object.freeze({
  maxQuestionChars: 2000,
  maxFindings: 10,
  maxFindingChars: 300,
  maxEvidenceLines: 4,
  historyTurns: 3,
  historyTurnChars: 800,
  sources: 3,
  promptExcerptChars: 700,
  maxTopicsInPrompt: 60,
  answerWords: 180,
  offlinePassages: 4,
  offlinePassagesPerPage: 2,
  offlineFindings: 3,
  modelTimeoutMs: 120_000,
});
