// How the hub logs: short human lines when a person watches a terminal (stdout is a TTY), JSON lines
// otherwise (files, collectors, tests); LOG_LEVEL decides what is written. Routine requests are logged
// at debug: at info a busy hub's log would be nothing but requests.
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config.ts';

export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  terminal = process.stdout.isTTY === true,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password'],
    ...(terminal
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {}),
  };
}

/** Fastify's two lines per request, at debug; a request that failed in flight still logs at error. */
export class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
