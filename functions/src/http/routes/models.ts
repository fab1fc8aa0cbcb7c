import { Router } from 'express';
import { modelListQuerySchema, toolModelsQuerySchema } from '@fridgeparts/common/models/appliance-model.schema';
import { deleteModel, getDiagram, getModel, importModels, listModels, listToolModels } from '../../services/models/appliance-models';
import { requireAdmin } from '../middleware/auth';
import { publicCache } from '../middleware/security';
import { parse } from '../validate';
import { param } from '../respond';

/**
 * A drawing served as a document of its own: nothing in it may run or load (the import allows none
 * of that either: common/src/models/drawing-svg.ts), and no page may frame it. Inline styles are a
 * drawing's own strokes and fills.
 */
const DRAWING_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** Finding by appliance model (CONTRACT §12). The public reads are the same for everyone: cached like the catalogue. */
export function modelRoutes(): Router {
  const r = Router();
  r.get('/models', publicCache, async (req, res) => {
    res.json(await listModels(parse(modelListQuerySchema, req.query)));
  });
  r.post('/models/import', requireAdmin, async (req, res) => {
    res.status(201).json(await importModels(req.body));
  });
  r.get('/models/:modelKey', publicCache, async (req, res) => {
    res.json(await getModel(param(req.params.modelKey)));
  });
  r.delete('/models/:modelKey', requireAdmin, async (req, res) => {
    res.json(await deleteModel(param(req.params.modelKey)));
  });
  r.get('/models/:modelKey/sections/:sectionId/diagram.svg', publicCache, async (req, res) => {
    const svg = await getDiagram(param(req.params.modelKey), param(req.params.sectionId));
    res.set({ 'Content-Type': 'image/svg+xml; charset=utf-8', 'Content-Security-Policy': DRAWING_CSP }).send(svg);
  });
  r.get('/tool/:id/models', publicCache, async (req, res) => {
    res.json(await listToolModels(param(req.params.id), parse(toolModelsQuerySchema, req.query).cursor));
  });
  return r;
}
