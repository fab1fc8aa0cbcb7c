import './env';
import supertest from 'supertest';
import { createApp } from '../../functions/src/http/app';

/** The function's Express app, driven over HTTP by supertest. */
export const api = () => supertest(createApp());
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
