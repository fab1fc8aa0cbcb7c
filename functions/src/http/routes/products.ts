import { Router } from 'express';
import { toolInputSchema, toolPatchSchema } from '@fridgeparts/common/tool';
import { addTool, deleteTool } from '../../services/catalog';
import { editTool } from '../../services/product-edit';
import { callerOf, requireAdmin } from '../middleware/auth';
import { parse } from '../validate';
import { param } from '../respond';

/** Add A Product and Manage All Products (admin). */
export function productRoutes(): Router {
  const r = Router();
  r.post('/addItem', requireAdmin, async (req, res) => {
    res.status(201).json(await addTool(parse(toolInputSchema, req.body), callerOf(req).uid));
  });
  r.patch('/manage/:id', requireAdmin, async (req, res) => {
    res.json(await editTool(param(req.params.id), parse(toolPatchSchema, req.body)));
  });
  r.delete('/manage/:id', requireAdmin, async (req, res) => {
    res.json(await deleteTool(param(req.params.id)));
  });
  return r;
}
