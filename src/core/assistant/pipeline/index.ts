// Public surface of the assistant pipeline (see README.md).
export { ask, type AskRequest, type AskRetrievalOptions } from './ask.ts';
export { ASK_DEFAULTS, type AskSettings } from './defaults.ts';
export { buildAskMessages, systemPrompt, topicsForPrompt, type PromptInput, type PromptSource, type HistoryTurn, type PromptTopic } from './prompt.ts';
export { dataBlock, escapeData, type DataBlockName } from './data-block.ts';
export { sanitizeText, sanitizeLine, sanitizeFindings } from './sanitize.ts';
export { extractiveAnswer, relevantFindings, tokenPieces, type ExtractiveInput, type ExtractivePage } from './extractive.ts';
export { splitCitations, citedIds, type AnswerSegment } from './citations.ts';
