// The engine is created before the HTTP app (the app's live channel needs the engine's commands),
// so it publishes through this relay, which forwards to the live channel once there is one.
// Events before that are dropped: no browser can be connected yet.
import type { ServerEventName, ServerEventPayload } from '../../domain/live-events';
import type { LivePublisher } from '../live/live-channel';

export class LiveRelay implements LivePublisher {
  private target: LivePublisher | undefined;

  attach(target: LivePublisher): void {
    this.target = target;
  }

  publish<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    this.target?.publish(event, payload);
  }
}
