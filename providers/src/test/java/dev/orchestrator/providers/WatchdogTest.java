package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The shared timer: tasks come out in deadline order, a cancelled one never does, and arming and
 * cancelling limits while the thread sleeps does not wake it — only a task due before its planned
 * wake does. Driven on a timer without a thread, with explicit times.
 */
class WatchdogTest {
  private static final long MS = Duration.ofMillis(1).toNanos();

  /** One step: add a task due {@code value} ms from the start, cancel one, or poll at a time. */
  record Op(int kind, int value) {}

  @Provide
  Arbitrary<List<Op>> ops() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 200))
        .as(Op::new)
        .list()
        .ofMaxSize(300);
  }

  @Property(tries = 300)
  void tasksComeOutInDeadlineOrderAndACancelledOneNever(@ForAll("ops") List<Op> ops) {
    Watchdog w = new Watchdog();
    long start = 0;
    List<Watchdog.Timeout> added = new ArrayList<>();
    TreeMap<Long, Integer> model = new TreeMap<>(); // deadline*1000+id -> id
    List<Integer> ran = new ArrayList<>();
    long now = start;
    for (Op op : ops) {
      switch (op.kind()) {
        case 0 -> {
          int id = added.size();
          long at = start + op.value() * MS;
          added.add(w.add(() -> ran.add(id), at));
          model.put(at * 1000 + id, id);
        }
        case 1 -> {
          if (!added.isEmpty()) {
            int id = op.value() % added.size();
            added.get(id).cancel();
            model.values().remove(id);
          }
        }
        default -> {
          now = Math.max(now, start + op.value() * MS);
          List<Integer> expected = new ArrayList<>();
          while (!model.isEmpty() && model.firstKey() / 1000 <= now) {
            expected.add(model.pollFirstEntry().getValue());
          }
          ran.clear();
          for (Watchdog.Timeout t = w.pollDue(now); t != null; t = w.pollDue(now)) {
            t.task().run();
          }
          // Equal deadlines may come out in either order: compare as deadline-ordered lists.
          assertThat(ran).containsExactlyInAnyOrderElementsOf(expected);
          assertThat(deadlines(ran, ops)).isSorted();
        }
      }
    }
  }

  /**
   * The thread's protocol (poll until nothing is due, then plan a sleep), simulated with explicit
   * times and with time passing between its look and its plan: asleep, it wakes at its planned time
   * or when {@link Watchdog#signals()} grows, and never sleeps past a task that is due. Adds and
   * cancels come in between, at any point of its loop.
   */
  @Property(tries = 500)
  void theThreadNeverSleepsPastADueTask(@ForAll("ops") List<Op> ops) {
    Watchdog w = new Watchdog();
    List<Watchdog.Timeout> added = new ArrayList<>();
    Map<Integer, Long> pending =
        new HashMap<>(); // the deadlines of tasks neither run nor cancelled
    long now = 0;
    long wake = now; // when the sleeping thread wakes by itself; Long.MAX_VALUE: only by a signal
    long signalsSeen = w.signals();
    for (Op op : ops) {
      switch (op.kind()) {
        case 0 -> {
          int id = added.size();
          long at = now + op.value() * MS;
          pending.put(id, at);
          added.add(w.add(() -> pending.remove(id), at));
        }
        case 1 -> {
          if (!added.isEmpty()) {
            int id = op.value() % added.size();
            added.get(id).cancel();
            pending.remove(id);
          }
        }
        default -> now += op.value() * MS / 4;
      }
      if (w.signals() != signalsSeen || wake - now <= 0) {
        // awake: run what is due, then (a little later) plan the next sleep
        for (Watchdog.Timeout t = w.pollDue(now); t != null; t = w.pollDue(now)) {
          t.task().run();
        }
        now += op.value() % 3 * MS; // time passes between the look and the plan
        long wait = w.plan(now);
        wake = wait == Watchdog.IDLE ? Long.MAX_VALUE : now + wait;
        signalsSeen = w.signals();
      }
      for (long at : pending.values()) {
        // awake again by the task's deadline, or at once when it is already due
        assertThat(wake - Math.max(at, now))
            .as("asleep past a task due at %d (now %d)", at, now)
            .isLessThanOrEqualTo(0);
      }
    }
  }

  /** The deadlines of {@code ids}, from the add operations in {@code ops} (in the order given). */
  private static List<Integer> deadlines(List<Integer> ids, List<Op> ops) {
    List<Integer> adds = new ArrayList<>();
    for (Op op : ops) {
      if (op.kind() == 0) {
        adds.add(op.value());
      }
    }
    List<Integer> out = new ArrayList<>();
    for (int id : ids) {
      out.add(adds.get(id));
    }
    return out;
  }

  @Test
  void limitsArmedAndCancelledWhileTheThreadSleepsDoNotWakeIt() {
    Watchdog w = new Watchdog();
    long now = 0;
    assertThat(w.plan(now)).isEqualTo(Watchdog.IDLE); // nothing scheduled: asleep until a task is
    w.add(() -> {}, now + 30_000 * MS).cancel(); // the first attempt's 30 s limit wakes it
    assertThat(w.signals()).isEqualTo(1);
    assertThat(w.plan(now)).isEqualTo(Watchdog.IDLE); // cancelled meanwhile: asleep again

    Watchdog.Timeout inFlight = w.add(() -> {}, now + 30_000 * MS);
    assertThat(w.signals()).isEqualTo(2);
    assertThat(w.plan(now)).isEqualTo(30_000 * MS); // planned on the attempt in flight
    inFlight.cancel();
    for (int i = 1; i <= 1000; i++) {
      w.add(() -> {}, now + i * MS + 30_000 * MS).cancel(); // later attempts, each done in time
    }
    assertThat(w.signals()).isEqualTo(2);

    w.add(() -> {}, now + 5 * MS); // due before the planned wake
    assertThat(w.signals()).isEqualTo(3);
    assertThat(w.plan(now)).isEqualTo(5 * MS);
    w.add(() -> {}, now + 6 * MS); // after it: the thread sees it when it wakes
    assertThat(w.signals()).isEqualTo(3);
  }

  @Test
  void aTaskThatFellDueSinceTheThreadLookedIsRunAtOnceNotSleptOn() {
    // the soak through serve hung 161-229 of 10,000 requests: the thread found the head not yet
    // due, planned a moment later, read the negative wait as "nothing scheduled" and slept until
    // a signal that no later task sent (each was due after the planned wake)
    Watchdog w = new Watchdog();
    w.plan(0);
    w.add(() -> {}, 10 * MS);
    assertThat(w.pollDue(10 * MS - 1)).isNull(); // not due yet when it looks
    assertThat(w.plan(10 * MS + 1)).isZero(); // due by the time it plans: no sleep
    w.add(() -> {}, 20 * MS);
    assertThat(w.signals()).isEqualTo(1); // nothing else would have woken it
    assertThat(w.pollDue(10 * MS + 1)).isNotNull();
  }

  @Test
  void whileItRunsTasksNothingScheduledSignalsIt() {
    Watchdog w = new Watchdog();
    w.plan(0);
    w.add(() -> {}, 0); // wakes the idle thread
    assertThat(w.signals()).isEqualTo(1);
    assertThat(w.pollDue(MS)).isNotNull(); // awake from here until it plans again
    w.add(() -> {}, 2 * MS);
    assertThat(w.signals()).isEqualTo(1);
    assertThat(w.pollDue(MS)).isNull();
    assertThat(w.plan(MS)).isEqualTo(MS);
  }

  @Test
  void theSharedThreadRunsADueTaskAndNotACancelledOne() throws InterruptedException {
    CountDownLatch ran = new CountDownLatch(1);
    List<String> order = new ArrayList<>();
    Watchdog.Timeout cancelled =
        Watchdog.schedule(() -> order.add("cancelled"), Duration.ofMillis(20).toNanos());
    cancelled.cancel();
    Watchdog.schedule(
        () -> {
          order.add("due");
          ran.countDown();
        },
        Duration.ofMillis(40).toNanos());
    assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(order).containsExactly("due");
  }
}
