package dev.orchestrator.serve.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The places of the fronts' requests: where a request runs, and that no more than the places do.
 */
class WorkersTest {
  private final List<Workers> made = new ArrayList<>();

  private Workers workers(int places) {
    Workers w = new Workers(places, r -> new Thread(r, "queue-thread"));
    made.add(w);
    return w;
  }

  @AfterEach
  void stop() {
    made.forEach(Workers::shutdownNow);
  }

  @Test
  void aFreePlaceRunsTheRequestOnTheCallersThread() {
    Workers w = workers(2);
    AtomicReference<Thread> ranOn = new AtomicReference<>();
    AtomicInteger busyWhileRunning = new AtomicInteger();
    w.runHereOrQueue(
        () -> {
          ranOn.set(Thread.currentThread());
          busyWhileRunning.set(w.busy());
        });
    assertThat(ranOn.get()).isSameAs(Thread.currentThread());
    assertThat(busyWhileRunning.get()).isEqualTo(1);
    assertThat(w.busy()).isZero();
  }

  /**
   * A queued request whose deadline passes before a place frees is withdrawn then: its {@code
   * expired} answer runs at once, it no longer counts as waiting, and when the place frees it goes
   * to the next request — the withdrawn one never runs.
   */
  @Test
  void aQueuedRequestPastItsDeadlineIsWithdrawnAndAnsweredWhileEveryPlaceIsHeld() throws Exception {
    ScheduledExecutorScheduler timer = new ScheduledExecutorScheduler("deadlines", true);
    timer.start();
    try {
      Workers w = new Workers(1, r -> new Thread(r, "queue-thread"), timer, Runnable::run);
      made.add(w);
      CountDownLatch holding = new CountDownLatch(1);
      CountDownLatch leave = new CountDownLatch(1);
      w.execute(
          () -> {
            holding.countDown();
            await(leave);
          });
      await(holding);
      AtomicInteger ran = new AtomicInteger();
      CountDownLatch expired = new CountDownLatch(1);
      w.execute(
          ran::incrementAndGet,
          System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50),
          expired::countDown);
      assertThat(expired.await(10, TimeUnit.SECONDS)).as("answered at its deadline").isTrue();
      assertThat(w.waiting()).isZero();
      assertThat(w.busy()).as("the place is still held").isEqualTo(1);

      CountDownLatch next = new CountDownLatch(1);
      w.execute(next::countDown);
      leave.countDown();
      assertThat(next.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(ran).as("the withdrawn request never runs").hasValue(0);
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!w.idle() && System.nanoTime() - end < 0) {
        Thread.onSpinWait();
      }
      assertThat(w.idle()).isTrue();
    } finally {
      timer.stop();
    }
  }

  @Test
  void withEveryPlaceTakenTheRequestIsQueuedAndRunsWhenOneFrees() throws Exception {
    Workers w = workers(1);
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch leave = new CountDownLatch(1);
    ExecutorService jetty = Executors.newSingleThreadExecutor();
    try {
      Future<?> holder =
          jetty.submit(
              () ->
                  w.runHereOrQueue(
                      () -> {
                        holding.countDown();
                        await(leave);
                      }));
      assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();

      CountDownLatch ran = new CountDownLatch(1);
      AtomicReference<String> ranOn = new AtomicReference<>();
      w.runHereOrQueue( // returns at once: no place
          () -> {
            ranOn.set(Thread.currentThread().getName());
            ran.countDown();
          });
      assertThat(ran.getCount()).as("queued, not run").isEqualTo(1);
      assertThat(w.busy()).isEqualTo(1);
      long patience = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (w.waiting() != 1 && System.nanoTime() - patience < 0) {
        Thread.onSpinWait();
      }
      assertThat(w.waiting()).isEqualTo(1);

      leave.countDown();
      holder.get(10, TimeUnit.SECONDS);
      assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(ranOn.get()).isEqualTo("queue-thread");
    } finally {
      jetty.shutdownNow();
    }
  }

  /**
   * A queued request waits for a place from the moment it is queued, before a queue thread takes it
   * up (a thread still starting, or between two requests): a later request that finds the place
   * free meanwhile queues behind it instead of running first (places are taken in arrival order,
   * docs/reference.md §5), and {@link Workers#waiting()} counts it all along.
   */
  @Test
  void aRequestQueuedBeforeAQueueThreadTakesItUpIsNotOvertaken() throws Exception {
    CountDownLatch threadsMayStart = new CountDownLatch(1);
    Workers w =
        new Workers(
            1,
            r ->
                new Thread(
                    () -> {
                      await(threadsMayStart);
                      r.run();
                    },
                    "queue-thread"));
    made.add(w);
    List<String> order = new CopyOnWriteArrayList<>();
    CountDownLatch leave = new CountDownLatch(1);
    ExecutorService jetty = Executors.newSingleThreadExecutor();
    try {
      Future<?> first =
          jetty.submit(
              () ->
                  w.runHereOrQueue(
                      () -> {
                        order.add("first");
                        await(leave);
                      }));
      long patience = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (order.isEmpty() && System.nanoTime() - patience < 0) {
        Thread.onSpinWait();
      }
      w.runHereOrQueue(() -> order.add("second")); // the place is taken: queued
      assertThat(w.waiting()).isEqualTo(1);
      leave.countDown();
      first.get(10, TimeUnit.SECONDS);

      w.runHereOrQueue(() -> order.add("third")); // the place is free, but "second" waits for it
      assertThat(order).as("the third waits behind the second").containsExactly("first");
      assertThat(w.waiting()).isEqualTo(2);

      threadsMayStart.countDown();
      while (order.size() < 3 && System.nanoTime() - patience < 0) {
        Thread.onSpinWait();
      }
      assertThat(order).containsExactly("first", "second", "third");
      assertThat(w.waiting()).isZero();
    } finally {
      threadsMayStart.countDown();
      leave.countDown();
      jetty.shutdownNow();
    }
  }

  @Test
  void noPlacesIsRefused() {
    assertThatThrownBy(() -> new Workers(0, Thread::new))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("places: 0");
  }

  /**
   * Requests arriving from several threads, each either run here or queued: every one runs once,
   * and never more than the places at a time.
   */
  @Property(tries = 40)
  void everyRequestRunsOnceAndNeverMoreThanThePlacesAtOnce(
      @ForAll @IntRange(min = 1, max = 4) int places,
      @ForAll @Size(min = 1, max = 60) List<Boolean> runHere)
      throws Exception {
    Workers w = new Workers(places, Thread::new);
    ExecutorService callers = Executors.newFixedThreadPool(3);
    AtomicInteger running = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    AtomicInteger[] runs = new AtomicInteger[runHere.size()];
    CountDownLatch done = new CountDownLatch(runHere.size());
    try {
      for (int i = 0; i < runHere.size(); i++) {
        AtomicInteger count = runs[i] = new AtomicInteger();
        Runnable task =
            () -> {
              most.accumulateAndGet(running.incrementAndGet(), Math::max);
              count.incrementAndGet();
              Thread.yield();
              running.decrementAndGet();
              done.countDown();
            };
        boolean here = runHere.get(i);
        callers.execute(
            () -> {
              if (here) {
                w.runHereOrQueue(task);
              } else {
                w.execute(task);
              }
            });
      }
      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(runs).allSatisfy(c -> assertThat(c.get()).isEqualTo(1));
      assertThat(most.get()).isBetween(1, places);
    } finally {
      callers.shutdownNow();
      w.shutdownNow();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
