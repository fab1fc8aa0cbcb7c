import { Router } from 'express';
import { buildOpenApiDocument, type OpenApiDocument } from '@fridgeparts/common/openapi/document';
import { publicCache } from '../middleware/security';

/** Built on the first call and kept for the instance's life: the route table and schemas do not change while it runs. */
let built: OpenApiDocument | undefined;
const documentOnce = (): OpenApiDocument => (built ??= buildOpenApiDocument());

/** GET /openapi.json (CONTRACT §10): the API described, the same for everyone, so cached like the catalogue. */
export function openApiRoutes(): Router {
  const r = Router();
  r.get('/openapi.json', publicCache, (_req, res) => {
    res.json(documentOnce());
  });
  return r;
}
