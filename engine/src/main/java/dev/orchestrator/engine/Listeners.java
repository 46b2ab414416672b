package dev.orchestrator.engine;

import java.lang.System.Logger.Level;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The orchestrator's listeners. An exception from a listener never reaches the request: it is
 * counted, and logged once per listener (its type only — a listener's message may quote a prompt).
 * Thread-safe.
 */
final class Listeners {
  private static final System.Logger LOG = System.getLogger(TaskOrchestrator.class.getName());
  private final List<OrchestratorListener> listeners;
  private final Set<OrchestratorListener> logged =
      Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
  private final AtomicLong failures = new AtomicLong();

  Listeners(List<OrchestratorListener> initial) {
    this.listeners = new CopyOnWriteArrayList<>(initial);
  }

  void add(OrchestratorListener l) {
    listeners.add(l);
  }

  /** Delivers one event to every listener. */
  void emit(Consumer<OrchestratorListener> event) {
    for (OrchestratorListener l : listeners) {
      try {
        event.accept(l);
      } catch (RuntimeException e) {
        failures.incrementAndGet();
        if (logged.add(l)) {
          LOG.log(
              Level.WARNING,
              "listener {0} threw {1}; ignored (logged once per listener, counted in"
                  + " listenerFailures())",
              l.getClass().getName(),
              e.getClass().getName());
        }
      }
    }
  }

  /** How many listener calls have thrown so far. */
  long failures() {
    return failures.get();
  }
}
