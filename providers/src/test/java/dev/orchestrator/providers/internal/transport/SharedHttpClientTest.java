package dev.orchestrator.providers.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ProtocolException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** When the shared client is renewed, on fake time. */
class SharedHttpClientTest {
  final AtomicLong now = new AtomicLong(1_000_000_000L);
  final List<HttpClient> built = new ArrayList<>();
  final SharedHttpClient shared =
      new SharedHttpClient(
          () -> {
            HttpClient c = HttpClient.newHttpClient();
            built.add(c);
            return c;
          },
          now::get,
          Duration.ofSeconds(1));

  static IOException refused() {
    return new IOException(new ProtocolException("Too many interim responses received: 9 > 8"));
  }

  @Test
  void aFailureTheJdkDidNotRefuseKeepsTheClient() {
    HttpClient first = shared.current();

    shared.failed(first, new IOException("connection reset"));

    assertThat(shared.current()).isSameAs(first);
    assertThat(shared.renewals()).isZero();
  }

  @Test
  void aRefusedResponseRenewsTheClientAtOnce() {
    assumeTrue(SharedHttpClient.closesRefusedConnections(), "JDK 21 or later");
    HttpClient first = shared.current();

    shared.failed(first, refused());

    assertThat(shared.current()).isNotSameAs(first).isSameAs(built.get(1));
    assertThat(shared.renewals()).isOne();
  }

  @Test
  void aSecondRefusalWithinTheIntervalRenewsAtTheFirstExchangeAfterIt() {
    assumeTrue(SharedHttpClient.closesRefusedConnections(), "JDK 21 or later");
    shared.failed(shared.current(), refused());
    HttpClient second = shared.current();

    now.addAndGet(Duration.ofMillis(400).toNanos());
    shared.failed(second, refused());
    assertThat(shared.current()).isSameAs(second);

    now.addAndGet(Duration.ofMillis(600).toNanos());
    assertThat(shared.current()).isNotSameAs(second);
    assertThat(shared.renewals()).isEqualTo(2);
  }

  @Test
  void aRefusalOnAClientAlreadyReplacedChangesNothing() {
    assumeTrue(SharedHttpClient.closesRefusedConnections(), "JDK 21 or later");
    HttpClient first = shared.current();
    shared.failed(first, refused());
    now.addAndGet(Duration.ofSeconds(5).toNanos());

    shared.failed(first, refused());

    assertThat(shared.renewals()).isOne();
    assertThat(built).hasSize(2);
  }

  @Test
  void withoutShutdownTheClientIsKept() {
    assumeFalse(SharedHttpClient.closesRefusedConnections(), "JDK 17 to 20");
    HttpClient first = shared.current();

    shared.failed(first, refused());

    assertThat(shared.current()).isSameAs(first);
    assertThat(built).hasSize(1);
  }
}
