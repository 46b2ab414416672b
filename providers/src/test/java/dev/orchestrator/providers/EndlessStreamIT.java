package dev.orchestrator.providers;

import static dev.orchestrator.providers.HostileUpstream.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.testing.FakeTime;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * A stream that never ends and is never silent: after its head the upstream sends a keep-alive (an
 * SSE comment, Anthropic's {@code ping} event, or an OpenAI chunk with an empty delta) each time
 * the fake clock moves, forever. Keep-alives are not a first token, and what bounds a stream that
 * keeps sending them after one is the attempt's total limit: each ends as a typed timeout on the
 * injected clock ({@link ManualScheduler}), never a hang.
 */
class EndlessStreamIT {
  private static final Duration HOUR = Duration.ofHours(1);
  private static final Duration STEP = Duration.ofSeconds(1);

  private final FakeTime time = new FakeTime();
  private final ManualScheduler scheduler = new ManualScheduler(time);
  private final HttpProviderClients clients = scheduler.clients();

  private static final String EMPTY_DELTA =
      "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\"}}]}\n\n";
  private static final String TOKEN =
      "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"}}]}\n\n";
  private static final String ANTHROPIC_START =
      "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\","
          + "\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"m\"}}\n\n"
          + "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,"
          + "\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n";
  private static final String ANTHROPIC_PING = "event: ping\ndata: {\"type\":\"ping\"}\n\n";

  /** Sends {@code first}, then {@code keepAlive} once per move of the fake clock, until cut off. */
  private HostileUpstream.Behaviour endless(String first, String keepAlive) {
    return (c, s) -> {
      c.readRequest(s, true);
      write(
          s,
          "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
              + first);
      long seen = time.read();
      while (!s.isClosed()) {
        write(s, keepAlive);
        while (time.read() == seen) {
          LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200)); // polls the fake clock
        }
        seen = time.read();
      }
    };
  }

  /**
   * One streaming call to an upstream behaving as {@code b}; the clock moves once the attempt waits
   * for its first token (armed at the start, re-armed when the stream's head is in), each step only
   * once the attempt has read what the last one let the upstream send: a loaded machine cannot turn
   * a stream that keeps sending into a silent one.
   */
  private ProviderFailure drive(
      Protocol protocol, AttemptLimits limits, HostileUpstream.Behaviour b) throws Exception {
    int armed = scheduler.scheduled() + 2;
    try (HostileUpstream upstream = HostileUpstream.start(b)) {
      Provider p = Fixtures.provider("p", "http://127.0.0.1:" + upstream.port() + "/v1", protocol);
      AttemptOutcome out =
          scheduler.driveInStep(
              () ->
                  clients
                      .clientFor(p)
                      .send(Fixtures.call(p, "m", true, limits, new Fixtures.Recorder())),
              armed,
              STEP);
      upstream.release();
      assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
      return ((AttemptOutcome.Failed) out).failure();
    }
  }

  @Test
  void keepAlivesBeforeAnyTokenAreNoFirstToken() throws Exception {
    AttemptLimits limits =
        new AttemptLimits(
            Duration.ofSeconds(1), HOUR, Duration.ofSeconds(20), Duration.ofSeconds(5), HOUR);
    String[][] rows = {
      {"OPENAI_CHAT", "", ": keep-alive\n\n"},
      {"OPENAI_CHAT", "", EMPTY_DELTA},
      {"ANTHROPIC_MESSAGES", ANTHROPIC_START, ANTHROPIC_PING},
    };
    for (String[] row : rows) {
      long t0 = time.read();
      ProviderFailure f = drive(Protocol.valueOf(row[0]), limits, endless(row[1], row[2]));

      assertThat(f.transportFault()).as(row[2]).isEqualTo(TransportFault.FIRST_TOKEN_TIMEOUT);
      assertThat(f.category()).isEqualTo(FailureCategory.TIMEOUT);
      assertThat(f.message()).endsWith("no first token within 20000 ms");
      assertThat(time.read() - t0).isGreaterThanOrEqualTo(Duration.ofSeconds(20).toNanos());
    }
  }

  @Test
  void keepAlivesAfterATokenRunUntilTheTotalLimit() throws Exception {
    AttemptLimits limits =
        new AttemptLimits(
            Duration.ofSeconds(1),
            HOUR,
            Duration.ofSeconds(20),
            Duration.ofSeconds(45),
            Duration.ofSeconds(60));
    for (String keepAlive : new String[] {": keep-alive\n\n", EMPTY_DELTA}) {
      long t0 = time.read();
      ProviderFailure f = drive(Protocol.OPENAI_CHAT, limits, endless(TOKEN, keepAlive));

      assertThat(f.transportFault()).as(keepAlive).isEqualTo(TransportFault.READ_TIMEOUT);
      assertThat(f.message())
          .endsWith("the attempt exceeded its total limit of 60000 ms while streaming");
      assertThat(f.category()).isEqualTo(FailureCategory.STREAM_INTERRUPTED);
      assertThat(time.read() - t0).isGreaterThanOrEqualTo(Duration.ofSeconds(60).toNanos());
    }
  }
}
