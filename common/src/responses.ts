/** Small answers of the admin and cancel calls (CONTRACT §3), shared by the function and the SPA. */
import type { Facets, MatchedBy } from './search/catalogue-search';
import type { Tool, ToolRef } from './tool';
import type { ErrorBody } from './errors';
import type { ResolvedKind } from './search/part-alias';

// The answers that carry no tool are responses.answers.ts's (their types the schemas' z.infer,
// decision 0073); their types said here too, erased, where the API's callers look.
export type { AliasImportResponse, DeletedCountResponse, HiddenReviewResponse, ModifiedCountResponse, SpecsResponse } from './responses.answers';

/** A hit of GET /search (CONTRACT §11): the tool as GET /tools answers it, and the number it was found by when not its own. */
export type SearchHitResponse = Tool & {
  /** Set when the hit was found through an alias or a discontinued tool's number; null otherwise. */
  matchedBy: MatchedBy | null;
};

/** GET /search (CONTRACT §11). */
export interface SearchResponse {
  hits: SearchHitResponse[];
  /** Every hit, not the page. */
  total: number;
  /** Per category and spec key, how many hits each value would give with that key's own filter left out. */
  facets: Facets;
  /** The next page's cursor, or null on the last page. */
  cursor: string | null;
}

/** GET /parts/resolve?number= (CONTRACT §11): the part a number names. */
export interface PartResolveResponse {
  /** The number as sent (trimmed). */
  query: string;
  /** The number as the shop compares it (normalizePartNumber). */
  normalized: string;
  /** `current`: the part's own number; otherwise how the number led to it. */
  match: 'current' | ResolvedKind;
  /** The tool to order: the end of any replacement chain. */
  part: Tool;
  /** The alias or discontinued number it came through (`toolId`: whose number it is); null for `current`. */
  via: { number: string; kind: ResolvedKind; brand: string | null; toolId: string } | null;
  /** The part numbers walked, from the tool whose number it is to `part`. */
  chain: string[];
  /** What a person reads: "FP-DFT-6H21 has been replaced by FP-DFT-8H25". */
  message: string;
}

/** 404 from GET /parts/resolve: up to 5 parts with the nearest numbers, nearest first. */
export interface PartNotFoundBody extends ErrorBody {
  suggestions: ToolRef[];
}

/** 400 from PUT /cart, POST /cart/lines and POST /booking/quick for lines whose number names no part: suggestions by line field. */
export interface UnknownNumbersBody extends ErrorBody {
  suggestions: Record<string, ToolRef[]>;
}
