import { Router } from 'express';
import { resolveQuerySchema } from '@fridgeparts/common/parts';
import { importAliases, resolvePart } from '../../services/catalog/part-resolve-and-alias-import';
import { requireAdmin } from '../middleware/auth';
import { publicCache } from '../middleware/security';
import { parse } from '../validate';
import { badRequest } from '../../errors';

/** Finding the right part by number (CONTRACT §11). */
export function partRoutes(): Router {
  const r = Router();
  // The same answer for everyone, from the index: cached like the catalogue.
  r.get('/parts/resolve', publicCache, async (req, res) => {
    res.json(await resolvePart(parse(resolveQuerySchema, req.query).number));
  });
  // The body is the CSV's text (middleware/body.ts reads text/csv for this path only).
  r.post('/parts/aliases/import', requireAdmin, async (req, res) => {
    if (typeof req.body !== 'string') throw badRequest('Send the aliases as a text/csv body with the header partNumber,number,kind,brand.');
    res.status(201).json(await importAliases(req.body));
  });
  return r;
}
