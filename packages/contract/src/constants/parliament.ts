import { API_DOMAINS, type ApiDomain } from './api-translation';

/** Groups of parliament-house documents (spec §9). */
export const PARLIAMENT_DOCUMENT_GROUPS = {
  listOfBusiness: 'List of Business',
  bulletin: 'Bulletin',
  questionsList: 'Questions List',
  synopsis: 'Synopsis',
  paperToBeLaid: 'Paper to be Laid',
} as const;
/** A document group key. */
export type ParliamentDocumentGroup = keyof typeof PARLIAMENT_DOCUMENT_GROUPS;

/** One document category a house admin uploads under. */
export interface ParliamentDocumentCategory {
  value: string;
  label: string;
  group: ParliamentDocumentGroup;
  /** Houses that publish it: UnStarred questions lists belong to the upper house (rs) only. */
  houses: readonly ApiDomain[];
}

const BOTH_HOUSES = [API_DOMAINS.ls, API_DOMAINS.rs] as const;

/** Every parliament document category of spec §9, in the spec's order. */
export const PARLIAMENT_DOCUMENT_CATEGORIES = [
  {
    value: 'listOfBusinessNormal',
    label: 'List of Business (Normal)',
    group: 'listOfBusiness',
    houses: BOTH_HOUSES,
  },
  {
    value: 'listOfBusinessRevised',
    label: 'List of Business (Revised)',
    group: 'listOfBusiness',
    houses: BOTH_HOUSES,
  },
  {
    value: 'listOfBusinessSupplementary1',
    label: 'List of Business (Supplementary 1)',
    group: 'listOfBusiness',
    houses: BOTH_HOUSES,
  },
  {
    value: 'listOfBusinessSupplementary2',
    label: 'List of Business (Supplementary 2)',
    group: 'listOfBusiness',
    houses: BOTH_HOUSES,
  },
  {
    value: 'listOfBusinessSupplementary3',
    label: 'List of Business (Supplementary 3)',
    group: 'listOfBusiness',
    houses: BOTH_HOUSES,
  },
  { value: 'bulletinPartI', label: 'Bulletin Part-I', group: 'bulletin', houses: BOTH_HOUSES },
  { value: 'bulletinPartII', label: 'Bulletin Part-II', group: 'bulletin', houses: BOTH_HOUSES },
  {
    value: 'questionsListStarred',
    label: 'Questions List (Starred)',
    group: 'questionsList',
    houses: BOTH_HOUSES,
  },
  {
    value: 'questionsListUnStarred',
    label: 'Questions List (UnStarred)',
    group: 'questionsList',
    houses: [API_DOMAINS.rs],
  },
  { value: 'synopsisNormal', label: 'Synopsis (Normal)', group: 'synopsis', houses: BOTH_HOUSES },
  {
    value: 'synopsisSupplementary1',
    label: 'Synopsis (Supplementary 1)',
    group: 'synopsis',
    houses: BOTH_HOUSES,
  },
  {
    value: 'synopsisSupplementary2',
    label: 'Synopsis (Supplementary 2)',
    group: 'synopsis',
    houses: BOTH_HOUSES,
  },
  { value: 'paperToBeLaid', label: 'Paper to be Laid', group: 'paperToBeLaid', houses: BOTH_HOUSES },
] as const satisfies readonly ParliamentDocumentCategory[];

/** A parliament document category value. */
export type ParliamentDocumentCategoryValue = (typeof PARLIAMENT_DOCUMENT_CATEGORIES)[number]['value'];

/** Every category value, in the spec's order. */
export const PARLIAMENT_DOCUMENT_CATEGORY_VALUES = PARLIAMENT_DOCUMENT_CATEGORIES.map((c) => c.value) as [
  ParliamentDocumentCategoryValue,
  ...ParliamentDocumentCategoryValue[],
];

/** The categories one house publishes, in the spec's order. */
export function getDocumentCategoriesFor(house: ApiDomain): readonly ParliamentDocumentCategory[] {
  return PARLIAMENT_DOCUMENT_CATEGORIES.filter((c) => (c.houses as readonly ApiDomain[]).includes(house));
}
