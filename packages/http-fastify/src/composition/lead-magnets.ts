/**
 * Lead magnet delivery, assembled for the service: subscribers and the mail budget in MongoDB, the mailer
 * (`SMTP_URL`, or the log without it), and the `subscriber.mail` handler that the publishing job runner runs. Safe
 * with several instances: e-mails are jobs (leased, never sent twice at once) and the budget's claims are atomic.
 */
import { logMailer, smtpMailer } from '@larder/adapters-mail';
import { MongoMailBudget, MongoSubscriberRepository, type DatabaseHandle } from '@larder/adapters-mongo';
import { subscriberMailHandler, subscriptionLinks, type JobHandler, type Mailer, type ProductRepository, type ProfileLookup, type SecretBox } from '@larder/domain';
import type { LeadMagnetAppDeps } from '../app.js';
import type { ServiceConfig } from '../config.js';
import { withDeadline } from '../store-deadline.js';

export interface LeadMagnetDelivery {
  readonly deps: LeadMagnetAppDeps;
  /** For the job runner. */
  readonly handler: JobHandler;
  close(): void;
}

export interface LeadMagnetSetup {
  readonly products: ProductRepository;
  readonly secrets: SecretBox;
  /** Where an e-mail given up is reported. */
  readonly log: (message: string, detail?: Record<string, unknown>) => void;
  /** Where e-mails go without `SMTP_URL`: the whole message, one entry each. */
  readonly mailLog: (text: string) => void;
  /** The creators the e-mails come from. */
  readonly profiles?: ProfileLookup;
}

export function leadMagnetDelivery(config: ServiceConfig, db: DatabaseHandle['db'], setup: LeadMagnetSetup): LeadMagnetDelivery {
  const smtp = config.mail === undefined ? undefined : smtpMailer(config.mail);
  const mailer: Mailer = smtp ?? logMailer(setup.mailLog);
  const handler = subscriberMailHandler({
    subscribers: new MongoSubscriberRepository(db),
    products: setup.products,
    secrets: setup.secrets,
    mailer,
    links: subscriptionLinks(config.publicUrl),
    log: setup.log,
    ...(setup.profiles === undefined ? {} : { profiles: setup.profiles }),
  });
  return {
    deps: { subscribers: withDeadline(new MongoSubscriberRepository(db)), mailBudget: withDeadline(new MongoMailBudget(db)) },
    handler,
    close: () => smtp?.close(),
  };
}

/** The start-up line that says where e-mail goes. */
export const mailStartupLine = (config: ServiceConfig): string =>
  config.mail === undefined
    ? 'e-mail to lead magnet subscribers is written to this log, not sent: set SMTP_URL and MAIL_FROM to send it'
    : `e-mail to lead magnet subscribers goes through ${config.mail.secure ? 'smtps' : 'smtp'}://${config.mail.host}:${config.mail.port} from ${config.mail.from}`;
