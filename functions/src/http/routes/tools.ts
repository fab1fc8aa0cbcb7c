import { Router } from 'express';
import { toolListQuerySchema } from '@fridgeparts/common/tool';
import { getTool, listTools } from '../../services/catalog/catalog';
import { parse } from '../validate';
import { publicCache } from '../middleware/security';
import { param, sendPage } from '../respond';
import { sendVersion } from '../if-match';
import { CATALOGUE_VOCABULARY } from '@fridgeparts/common/search/vocabulary';
import type { SpecsResponse } from '@fridgeparts/common/responses';
import { searchQuerySchema } from '@fridgeparts/common/search/search-query';
import { searchCatalogue } from '../../services/catalog/search';

export function catalogRoutes(): Router {
  const r = Router();
  r.get('/tools', publicCache, async (req, res) => {
    sendPage(res, await listTools(parse(toolListQuerySchema, req.query)));
  });
  // The ETag comes from the same read as the body (CONTRACT §13); the product form sends it back
  // as If-Match. Express's own (weak, body-hash) ETag is off (app.ts); a matching If-None-Match
  // gets 304 from res.json. The form reads signed in, so the answer is private, no-store and never
  // a CDN copy (publicCache, decision 0012): the tag it gets is the current one.
  r.get('/tool/:id', publicCache, async (req, res) => {
    const { tool, version } = await getTool(param(req.params.id));
    sendVersion(res, version);
    res.json(tool);
  });
  // The catalogue's vocabulary (CONTRACT §11): the same for everyone, cached like the catalogue.
  r.get('/specs', publicCache, (_req, res) => {
    const body: SpecsResponse = { categories: [...CATALOGUE_VOCABULARY.categories], specs: [...CATALOGUE_VOCABULARY.specs] };
    res.json(body);
  });
  // The catalogue's search (CONTRACT §11), from this instance's index: the same for everyone, so
  // cached like the catalogue.
  r.get('/search', publicCache, async (req, res) => {
    res.json(await searchCatalogue(parse(searchQuerySchema, req.query)));
  });
  return r;
}
