import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';
import { AppError, conflict, notFound } from './errors.js';

async function answerOf(err: Error) {
  const app = Fastify();
  installErrorHandler(app);
  app.get('/boom', async () => {
    throw err;
  });
  const res = await app.inject({ url: '/boom' });
  await app.close();
  return { status: res.statusCode, body: res.json() };
}

describe('the one error handler', () => {
  it('answers an AppError with its code, message, status and field', async () => {
    expect(await answerOf(notFound('User'))).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'User not found', statusCode: 404 },
    });
    expect(await answerOf(conflict('This username is taken', 'username'))).toEqual({
      status: 409,
      body: { error: 'conflict', message: 'This username is taken', statusCode: 409, field: 'username' },
    });
  });
  it('adds the details at the top level of the body', async () => {
    const err = new AppError(400, 'csv_invalid', '1 line(s) are invalid', undefined, {
      lines: [{ line: 2, field: 'time', message: 'expected HH:mm' }],
    });
    expect(await answerOf(err)).toEqual({
      status: 400,
      body: {
        error: 'csv_invalid',
        message: '1 line(s) are invalid',
        statusCode: 400,
        lines: [{ line: 2, field: 'time', message: 'expected HH:mm' }],
      },
    });
  });
  it('never lets an unexpected error out: 500 with a fixed message', async () => {
    expect(await answerOf(new Error('secret detail'))).toEqual({
      status: 500,
      body: { error: 'internal', message: 'Internal server error', statusCode: 500 },
    });
  });
});
