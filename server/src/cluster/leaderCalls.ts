// Alarm actions and rule changes in a cluster (issue 22). Only the leader holds the engine's open alarms
// and commits through the fence, so an operator's action that arrives on a follower is sent to the leader
// and answered with what it committed; actions from every node meet in the leader's one queue, so two
// acknowledgements at once give one record (invariant I6). A rule change goes the other way: to every
// node's engine, before the route that made it answers.
//
// Actions travel as a Redis request/reply on the node's RedisLink rather than as Socket.IO's
// serverSideEmit with acks: the answer comes from the leader alone as soon as it has committed (an acked
// serverSideEmit waits for every node, so one hung follower would hold every action for the adapter's
// timeout), and the wait is ours, so an action that no leader takes within it fails cleanly (503) instead
// of queueing behind a Redis that is away. Rule changes are a server-side event like `fleet:changed`,
// acked by each node once its engine has read the rules again.
import { randomBytes } from 'node:crypto';
import type { Alarm } from '@voltscope/shared/alarms';
import type { ErrorCode } from '@voltscope/shared/errors';
import type { AlarmInput } from '../alarms/alarmMachine.ts';
import type { AlarmEngine, AlarmRemote } from '../alarms/engine.ts';
import { HttpError } from '../errors.ts';
import type { HubLog } from '../hub.ts';
import type { Io } from '../realtime/types.ts';
import { FencedError, type Leadership } from './leadership.ts';
import type { RedisLink } from './redis.ts';

/** How long a follower waits for the leader's answer (a hand-over takes about one lease). */
const ANSWER_WITHIN_MS = 5000;
/** How long a rule change waits for the other nodes to have read the rules again. */
const RULES_READ_WITHIN_MS = 5000;
const RETRY_AFTER_SECONDS = 5;

/** No leader took the action: nothing of it was done. */
export const changingHands = () =>
  new HttpError(503, 'UNAVAILABLE', 'The alarm service is changing hands: try again in a few seconds', {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });

interface Call {
  id: string;
  /** The caller's answer channel. */
  replyTo: string;
  ids: number[];
  input: AlarmInput;
}

/** An error the leader raised, as the route there would have answered it; null: an internal one. */
interface CallError {
  status: number;
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
  headers: Record<string, string>;
}

type Answer = { id: string; alarms: Alarm[] } | { id: string; error: CallError | null };

const toCallError = (error: unknown): CallError | null => {
  const http = error instanceof FencedError ? changingHands() : error;
  if (!(http instanceof HttpError)) return null;
  const { status, code, message, errors, headers } = http;
  return { status, code, message, headers, ...(errors && { errors }) };
};

const fromCallError = (error: CallError | null): Error =>
  error
    ? new HttpError(error.status, error.code, error.message, {
        headers: error.headers,
        ...(error.errors && { errors: error.errors }),
      })
    : new Error('the leader failed an alarm action');

export class LeaderCalls implements AlarmRemote {
  readonly #link: RedisLink;
  readonly #io: Io;
  readonly #leadership: Pick<Leadership, 'isLeader'>;
  readonly #log: HubLog;
  readonly #calls: string;
  readonly #answers: string;
  readonly #waiting = new Map<string, (answer: Answer) => void>();

  constructor(link: RedisLink, io: Io, leadership: Pick<Leadership, 'isLeader'>, log: HubLog) {
    this.#link = link;
    this.#io = io;
    this.#leadership = leadership;
    this.#log = log;
    this.#calls = `${link.prefix}:alarms:calls`;
    this.#answers = `${link.prefix}:alarms:answers:${randomBytes(6).toString('hex')}`;
  }

  /**
   * Takes calls for `engine` (answered only while this node leads) and rule changes from other nodes;
   * subscribes (queued until Redis answers, again after each reconnection).
   */
  serve(engine: AlarmEngine): void {
    const { sub } = this.#link;
    void Promise.all([
      sub.subscribe(this.#calls, (message) => void this.#take(engine, message)),
      sub.subscribe(this.#answers, (message) => this.#answered(message)),
    ]).catch(() => {});
    this.#io.on('alarms:rules', (done) => {
      engine.readRules().then(
        () => done(true),
        (error: unknown) => {
          this.#log.error({ err: error }, 'alarm rules not read again after another node changed them');
          done(false);
        },
      );
    });
  }

  /** A follower's action: sent to the leader, answered with the alarms as it left them, or 503. */
  act(ids: readonly number[], input: AlarmInput): Promise<Alarm[]> {
    const { pub } = this.#link;
    if (!pub.isReady) return Promise.reject(changingHands());
    const call: Call = { id: randomBytes(8).toString('hex'), replyTo: this.#answers, ids: [...ids], input };
    return new Promise<Alarm[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(call.id);
        reject(changingHands());
      }, ANSWER_WITHIN_MS);
      this.#waiting.set(call.id, (answer) => {
        clearTimeout(timer);
        this.#waiting.delete(call.id);
        if ('alarms' in answer) resolve(answer.alarms);
        else reject(fromCallError(answer.error));
      });
      pub.publish(this.#calls, JSON.stringify(call)).catch(() => {});
    });
  }

  /** Every other node's engine reads the rules again; resolves once they have (or after a bounded wait). */
  rulesChanged(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#log.warn({}, 'alarm rules: not every node confirmed reading them again');
        resolve();
      }, RULES_READ_WITHIN_MS + 1000);
      this.#io.serverSideEmit('alarms:rules', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async #take(engine: AlarmEngine, message: string): Promise<void> {
    if (!this.#leadership.isLeader()) return;
    let call: Call;
    try {
      call = JSON.parse(message) as Call;
    } catch {
      return;
    }
    let answer: Answer;
    try {
      answer = { id: call.id, alarms: await engine.actHere(call.ids, call.input) };
    } catch (error) {
      const carried = toCallError(error);
      if (!carried) this.#log.error({ err: error }, 'alarm action from another node failed');
      answer = { id: call.id, error: carried };
    }
    await this.#link.pub.publish(call.replyTo, JSON.stringify(answer)).catch(() => {});
  }

  #answered(message: string): void {
    try {
      const answer = JSON.parse(message) as Answer;
      this.#waiting.get(answer.id)?.(answer);
    } catch {
      // Not ours to read: nothing waits on it.
    }
  }
}
