import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@fridgeparts/common/messages';
import { lazyZodResolver } from './lazy-zod-resolver';

describe('lazyZodResolver', () => {
  const { resolver } = lazyZodResolver(() => import('@fridgeparts/common/user').then((m) => m.loginSchema));
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it('reports the shared schema messages once the schema has loaded', async () => {
    const result = await resolver({ email: '', password: 'secret1' }, undefined, options);
    expect(result.errors.email?.message).toBe(MESSAGES.emailRequired);
  });

  it('passes valid values through', async () => {
    const result = await resolver({ email: 'a@b.co', password: 'secret1' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ email: 'a@b.co', password: 'secret1' });
  });
});
