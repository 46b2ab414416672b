package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.load.LoadLimit;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ManualTimer;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code serve} runs on its orchestrator's load limit (ADR 0058), here one place whose waits run on
 * fake time: a request beyond it waits, {@code orchestrator_serve_concurrency_limit} and {@code
 * orchestrator_serve_queued} say so, and once its deadline passes it is answered {@code 504} {@code
 * deadline_exceeded}, never sent upstream, and counted with that outcome.
 */
class LoadLimitServeIT {
  private final FakeTime time = new FakeTime();
  private final ManualTimer timer = new ManualTimer(time);
  private final LoadLimit limit = LoadLimit.adaptive(1, 1, time, timer);

  @Test
  void aRequestBeyondTheLimitWaitsAndPastItsDeadlineIs504DeadlineExceeded() throws Exception {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(Fault.NO_RESPONSE))),
            ServeFixture.generousPolicy(),
            o -> o.threads(4),
            e -> e.loadLimit(limit))) {
      String scrape = metrics(f);
      assertThat(PromText.value(scrape, "orchestrator_serve_concurrency_limit", Map.of()))
          .isEqualTo(1.0); // the orchestrator's limit, at most the 4 workers
      HttpRequest chat =
          HttpRequest.newBuilder(f.uri("/v1/chat/completions"))
              .header("Content-Type", "application/json")
              .POST(
                  HttpRequest.BodyPublishers.ofString(ServeFixture.body("alpha/small", false, "")))
              .build();
      CompletableFuture<HttpResponse<String>> first =
          f.client.sendAsync(chat, HttpResponse.BodyHandlers.ofString());
      assertThat(within30s(() -> f.upstream.callCount("alpha/small") == 1))
          .as(
              () ->
                  "first: "
                      + (first.isDone()
                          ? first.join().statusCode() + " " + first.join().body()
                          : "-")
                      + "; running "
                      + limit.running()
                      + ", waiting "
                      + limit.waiting())
          .isTrue();
      CompletableFuture<HttpResponse<String>> second =
          f.client.sendAsync(chat, HttpResponse.BodyHandlers.ofString());
      assertThat(within30s(() -> limit.waiting() == 1 && timer.pending() == 1)).isTrue();
      assertThat(PromText.value(metrics(f), "orchestrator_serve_queued", Map.of())).isEqualTo(1.0);

      time.advance(Duration.ofSeconds(61)); // past the 60 s deadline, on the limit's time
      timer.runDue();
      HttpResponse<String> r = second.get(30, TimeUnit.SECONDS);
      assertThat(r.statusCode()).isEqualTo(504);
      assertThat(r.body())
          .contains("\"timeout_error\"", "\"deadline_exceeded\"", "while waiting for a place");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
      scrape = metrics(f);
      assertThat(PromText.value(scrape, "orchestrator_serve_queued", Map.of())).isZero();
      assertThat(
              PromText.value(
                  scrape,
                  "orchestrator_requests_total",
                  // Never planned: its trace names no model, so the label is "other".
                  Map.of("front", "chat", "model", "other", "outcome", "deadline_exceeded")))
          .as(String.join("\n", scrape.lines().filter(l -> l.contains("requests_total")).toList()))
          .isEqualTo(1.0);
      first.cancel(true); // the silent upstream's request ends when the server closes
    }
  }

  /**
   * Waits (spinning, bounded on the wall clock, never slept on) up to 30 s for {@code condition}: a
   * cold server on a loaded machine may take more than the fixture's 10 s to send its first call.
   */
  private static boolean within30s(java.util.function.BooleanSupplier condition) {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        return false;
      }
      Thread.onSpinWait();
    }
    return true;
  }

  private static String metrics(ServeFixture f) {
    return f.send(HttpRequest.newBuilder(f.uri("/metrics")).GET().build()).body();
  }
}
