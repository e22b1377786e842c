/** What `provide` is given: only its `actors` are looked at here. */
interface Implementations {
  readonly actors?: object;
}

/** A machine as far as this module needs it: `provide` returns the same kind of machine. */
interface Providing<M> {
  provide(implementations: Implementations): M;
}

/**
 * The machine, with a `provide` that also takes actors under the old names of renamed steps
 * (`renamed`: old name to new), each replacing the step that took its place. xstate keeps an
 * actor under a name no state invokes without a word, so a host that still provides
 * `writeKbEntries` would otherwise run the default step and never know. The machines `provide`
 * returns accept the old names too. The new name wins when both are given.
 */
export function acceptingRenamedActors<M extends Providing<M>>(
  machine: M,
  renamed: Readonly<Record<string, string>>,
): M {
  const provide = machine.provide.bind(machine);
  return Object.assign(machine, {
    provide: (implementations: Implementations): M =>
      acceptingRenamedActors(provide(withNewNames(implementations, renamed)), renamed),
  });
}

/** The implementations with each actor under an old name moved to its new name. */
function withNewNames(
  implementations: Implementations,
  renamed: Readonly<Record<string, string>>,
): Implementations {
  if (implementations.actors === undefined) return implementations;
  const actors: Record<string, unknown> = {};
  for (const [name, actor] of Object.entries(implementations.actors)) {
    const to = renamed[name];
    if (to === undefined) actors[name] = actor;
    else if (actor !== undefined && !(to in implementations.actors)) actors[to] = actor;
  }
  return { ...implementations, actors };
}
