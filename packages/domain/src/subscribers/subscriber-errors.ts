/** The failures of lead magnet delivery, as values (mapped to HTTP in one place: the error mapper). */

/** No published lead magnet has this slug (never had, or unpublished since): 404. */
export interface LeadMagnetNotFound {
  readonly type: 'LeadMagnetNotFound';
  readonly slug: string;
}

/** A link whose token is malformed or names nothing kept (erased, or never sent): 404. */
export interface LinkNotFound {
  readonly type: 'LinkNotFound';
}

/** A link that was good once: a download link past its 7 days, a confirmation link used or outdated: 410 `link_expired`. */
export interface LinkExpired {
  readonly type: 'LinkExpired';
  readonly detail: string;
}

export interface SubscriberNotFound {
  readonly type: 'SubscriberNotFound';
  readonly id: string;
}
