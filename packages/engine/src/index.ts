export { countWords, countCharacters } from './words/count-words';
