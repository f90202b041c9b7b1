import type { FastifyInstance } from 'fastify';
import { PasswordRuleError } from './password-rule.error.js';

/** For a route plugin: answers PasswordRuleError as 400 with its body; anything else goes up. */
export function answerPasswordRuleErrors(app: FastifyInstance) {
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof PasswordRuleError) return reply.status(400).send(err.body);
    throw err;
  });
}
