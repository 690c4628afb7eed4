/**
 * Words too common to say anything about a page. English first; a few Spanish, German and French
 * function words too, so a question in those languages is judged on its content words only.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // English
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be',
  'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by', 'can', 'cannot', 'could', 'did',
  'do', 'does', 'doing', 'don', 'down', 'during', 'each', 'few', 'for', 'from', 'further', 'had', 'has', 'have',
  'having', 'he', 'her', 'here', 'hers', 'him', 'his', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself',
  'just', 'me', 'more', 'most', 'my', 'myself', 'no', 'nor', 'not', 'of', 'off', 'on', 'once', 'only', 'or',
  'other', 'our', 'ours', 'out', 'over', 'own', 'same', 'she', 'should', 'so', 'some', 'such', 'than', 'that',
  'the', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'to', 'too', 'under',
  'until', 'up', 'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which', 'while', 'who', 'whom', 'why',
  'will', 'with', 'would', 'you', 'your', 'yours', 'yourself', 'im', 've', 'll', 're', 'doesn', 'didn', 'isn',
  'wasn', 'won', 'get', 'got', 'getting', 'also', 'may', 'might', 'must', 'shall', 'want', 'need', 'please',
  'thanks', 'thank', 'hi', 'hello', 'anyone', 'someone', 'something', 'anything', 'thing', 'things', 'way',
  'use', 'using', 'used', 'make', 'see', 'know', 'tell', 'like', 'e', 'g', 'eg', 'ie', 'etc', 'vs', 'via',
  'one', 'still', 'even', 'now', 'why', 'yes', 'ok', 'okay',
  // Words of asking for help that every question may carry and no page is about.
  'help', 'work', 'works', 'working', 'worked', 'problem', 'problems', 'issue', 'issues', 'question', 'try', 'trying',
  'tried', 'wrong', 'guys', 'somebody', 'possible', 'really', 'actually', 'basically',
  // Spanish
  'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'de', 'del', 'y', 'o', 'en', 'por', 'para', 'con', 'que',
  'es', 'se', 'mi', 'lo', 'al', 'como', 'qué', 'cómo', 'porque', 'pero', 'sin', 'su', 'sus', 'hay', 'puedo',
  'está', 'esta', 'este', 'estoy', 'muy', 'cuando',
  // German
  'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'und', 'oder', 'ist', 'sind', 'ich',
  'nicht', 'mit', 'auf', 'für', 'zu', 'im', 'wie', 'was', 'warum', 'kann', 'mein', 'meine', 'meinem', 'wird',
  'werden', 'bei', 'von', 'aus', 'es', 'man', 'sich', 'wenn', 'aber', 'auch', 'noch',
  // French
  'le', 'les', 'une', 'des', 'du', 'et', 'ou', 'est', 'je', 'pas', 'ne', 'pour', 'avec', 'sur', 'dans', 'mon',
  'ma', 'mes', 'comment', 'pourquoi', 'quoi', 'qui', 'ce', 'cette', 'il', 'elle', 'au', 'aux', 'par', 'sont',
  'faire', 'fait', 'plus', 'peut', 'puis',
]);
