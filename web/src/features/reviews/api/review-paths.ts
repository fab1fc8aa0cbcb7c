import { API } from '@fridgeparts/common/api-paths';

/** GET /reviewsget: the newest `count` reviews, or only one tool's (CONTRACT §7). Apart from the hooks so the early script (web/src/early.ts) asks the same path without React. */
export const reviewsPath = (count: number, toolId: string | null) => `${API.reviews}?limit=${count}${toolId ? `&toolId=${encodeURIComponent(toolId)}` : ''}`;
