/** The answers of the admin and cancel calls and of the catalogue's search (CONTRACT §3, §11), shared by the function and the SPA. */

// The answers are responses.answers.ts's (their types the schemas' z.infer, decision 0073); their
// names said here too, erased, where the API's callers look.
export type {
  AliasImportResponse,
  DeletedCountResponse,
  HiddenReviewResponse,
  ModifiedCountResponse,
  PartNotFoundBody,
  PartResolveResponse,
  SearchHitResponse,
  SearchResponse,
  SpecsResponse,
  UnknownNumbersBody,
} from './responses.answers';
