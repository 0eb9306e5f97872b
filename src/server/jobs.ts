import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Env } from './env';
import type { Services } from './services';
import { startNewsletterQueue } from './content/newsletter-queue';
import { pruneRateLimits } from './platform/rate-limit.service';
import { scheduleJob } from './platform/schedule';

/**
 * The background jobs: `app.jobs` runs one now (tests, the command line), and they are scheduled inside the app
 * (renewals and housekeeping on one beat, payment reconciliation when a provider is configured), stopped on close.
 */
export function registerJobs(
  app: FastifyInstance,
  { env, orm, services, clock, hasPayments }: { env: Env; orm: MikroORM; services: Services; clock: Clock; hasPayments: boolean },
): void {
  const jobs = {
    renewals: () => services.renewals.run(orm.em.fork()),
    eventReminders: () => services.eventReminders.run(orm.em.fork()),
    finalResults: () => services.notifications.announceFinalResults(orm.em.fork()),
    reconcilePayments: () => services.payments.reconcile(orm.em.fork()),
    newsletters: () => services.newsletters.sendDue(orm.em.fork(), env.NEWSLETTER_SENDS_PER_SECOND || 1),
    guestHolds: async () => ({ released: await services.entries.releaseEndedHolds(orm.em.fork()) }),
    housekeeping: async () => ({
      ...(await services.uploads.cleanup(orm.em.fork())),
      rateLimitsPruned: await pruneRateLimits(orm.em.fork(), clock),
    }),
  };
  app.decorate('jobs', jobs);
  const schedule = (name: string, run: () => Promise<unknown>, minutes: number) => {
    const stop = scheduleJob(name, run, minutes, app.log);
    app.addHook('onClose', async () => stop());
  };
  if (env.RENEWALS_INTERVAL_MINUTES > 0) {
    schedule('Renewal job', jobs.renewals, env.RENEWALS_INTERVAL_MINUTES);
    // Housekeeping on the same beat as the renewal job.
    schedule('Housekeeping', jobs.housekeeping, env.RENEWALS_INTERVAL_MINUTES);
    // The day-before reminders too: each goes out once, from 9:00 am on the day before.
    schedule('Day-before reminders', jobs.eventReminders, env.RENEWALS_INTERVAL_MINUTES);
    // And 'results final' to the entrants of an event once fishing has closed and every catch is judged.
    schedule('Results final', jobs.finalResults, env.RENEWALS_INTERVAL_MINUTES);
    // Places held by unpaid guest entries come free within a minute of their hold ending.
    schedule('Guest holds', jobs.guestHolds, 1);
  }
  // The newsletter queue paces itself (NEWSLETTER_SENDS_PER_SECOND, 0: this instance sends none).
  if (env.NEWSLETTER_SENDS_PER_SECOND > 0) {
    const queue = startNewsletterQueue(jobs.newsletters, env.NEWSLETTER_SENDS_PER_SECOND, app.log);
    services.newsletters.onQueued = queue.wake;
    app.addHook('onClose', () => queue.stop());
  }
  if (env.PAYMENTS_RECONCILE_MINUTES > 0 && hasPayments) {
    schedule('Payment reconciliation', jobs.reconcilePayments, env.PAYMENTS_RECONCILE_MINUTES);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs the app schedules, to run one now (tests, the command line). */
    jobs: {
      renewals(): Promise<{ reminded: number; expired: number }>;
      /** The day-before reminders (e-mail with the invitation, and the 'event tomorrow' push) for tomorrow's entrants. */
      eventReminders(): Promise<{ reminded: number }>;
      /** 'Results final' for the entrants of events whose fishing has closed and whose catches are all judged. */
      finalResults(): Promise<{ events: number; notified: number }>;
      reconcilePayments(): Promise<{ checked: number; completed: number; closed: number }>;
      /** One pass of the newsletter queue: the messages due now at the configured pace. */
      newsletters(): Promise<{ sent: number; failed: number; uncertain: number; more: boolean }>;
      /** Places whose unpaid guest hold has ended, given back (the waiting list first). */
      guestHolds(): Promise<{ released: number }>;
      /** Housekeeping: abandoned uploads, and rate-limit counters whose window has long closed. */
      housekeeping(): Promise<{ removed: number; rateLimitsPruned: number }>;
    };
  }
}
