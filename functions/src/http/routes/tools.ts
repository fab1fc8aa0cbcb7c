import { Router } from 'express';
import { toolListQuerySchema } from '@fridgeparts/common/tool';
import { getTool, listTools } from '../../services/catalog';
import { parse } from '../validate';
import { publicCache } from '../middleware/security';
import { param, sendPage } from '../respond';

export function catalogRoutes(): Router {
  const r = Router();
  r.get('/tools', publicCache, async (req, res) => {
    sendPage(res, await listTools(parse(toolListQuerySchema, req.query)));
  });
  r.get('/tool/:id', publicCache, async (req, res) => {
    res.json(await getTool(param(req.params.id)));
  });
  return r;
}
