package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Audio ({@code input_audio}) and video ({@code video_url}) parts through the chat completions
 * front, against scripted upstreams on {@code 127.0.0.1}: a pool sends the part, as written, only
 * to the route that reads it, and a request no candidate can read is the caller's {@code 400}
 * naming the part, sent nowhere (ADR 0050).
 */
class AudioVideoPartIT {
  static final String AUDIO =
      "{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"UklGRiQAAABXQVZF\",\"format\":\"wav\"}}";

  static final String VIDEO =
      "{\"type\":\"video_url\",\"video_url\":{\"url\":\"https://v.test/clip.mp4\"}}";

  /**
   * text/plain: text and images; ear/hears: audio; cam/sees: video; claude/omni: an Anthropic route
   * whose model reads both, on a protocol with no part for either. Each pool puts the routes that
   * cannot read its part first.
   */
  static Catalog catalog(ScriptedUpstream upstream) {
    Catalog.Builder b = Catalog.builder();
    for (String p : List.of("text", "ear", "cam")) {
      b.provider(Provider.of(p, upstream.baseUrl(p), Protocol.OPENAI_CHAT, List.of()));
    }
    b.provider(
        Provider.of("claude", upstream.baseUrl("claude"), Protocol.ANTHROPIC_MESSAGES, List.of()));
    b.route(route("text", "plain", Capability.VISION));
    b.route(route("ear", "hears", Capability.AUDIO));
    b.route(route("cam", "sees", Capability.VIDEO));
    b.route(route("claude", "omni", Capability.AUDIO, Capability.VIDEO));
    b.pool(
        new Pool("listeners", PoolKind.VIRTUAL, List.of("text/plain", "claude/omni", "ear/hears")));
    b.pool(
        new Pool("watchers", PoolKind.VIRTUAL, List.of("text/plain", "claude/omni", "cam/sees")));
    b.pool(new Pool("deaf", PoolKind.VIRTUAL, List.of("text/plain", "cam/sees")));
    return b.build();
  }

  private static Route route(String provider, String model, Capability... caps) {
    return Route.builder(provider, model)
        .tier(Tier.FREE)
        .contextWindow(128_000)
        .maxOutputTokens(8_000)
        .capabilities(caps)
        .build();
  }

  static String request(String model, String part) {
    return "{\"model\":\""
        + model
        + "\",\"messages\":[{\"role\":\"user\",\"content\":["
        + "{\"type\":\"text\",\"text\":\"What is in it?\"},"
        + part
        + "]}]}";
  }

  /** Posts {@code body} and asserts that exactly {@code route} answered, and was sent the part. */
  private static void servedOnlyBy(String model, String part, String route) {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(route, List.of(Step.ok("A dog barks."))), AudioVideoPartIT::catalog)) {
      HttpResponse<String> r = f.post(request(model, part));

      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(r.headers().firstValue("x-orchestrator-route")).hasValue(route);
      assertThat(f.upstream.calls()).containsExactly(route);
      assertThat(f.upstream.received().get(0).body())
          .contains("\"content\":[{\"type\":\"text\",\"text\":\"What is in it?\"}," + part + "]");
    }
  }

  @Test
  void anAudioPartReachesOnlyTheRouteThatReadsAudio() {
    servedOnlyBy("listeners", AUDIO, "ear/hears");
  }

  @Test
  void aVideoPartReachesOnlyTheRouteThatReadsVideo() {
    servedOnlyBy("watchers", VIDEO, "cam/sees");
  }

  @Test
  void anAudioPartNoCandidateReadsIs400NamingThePart() {
    try (ServeFixture f = ServeFixture.start(Map.of(), AudioVideoPartIT::catalog)) {
      HttpResponse<String> r = f.post(request("deaf", AUDIO));

      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      JsonNode error = json(r.body()).get("error");
      assertThat(error.path("type").asText()).isEqualTo("invalid_request_error");
      assertThat(error.path("param").asText()).isEqualTo("messages[0].content[1]");
      assertThat(error.path("message").asText())
          .contains("no candidate can honour messages[0].content[1] (lacks audio)");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }

  /**
   * An Anthropic route whose model reads audio is still no candidate: the 400 names the part and
   * says the protocol has no part for it.
   */
  @Test
  void anAudioPartForOnlyAnAnthropicRouteIs400NamingThePart() {
    try (ServeFixture f = ServeFixture.start(Map.of(), AudioVideoPartIT::catalog)) {
      HttpResponse<String> r = f.post(request("claude/omni", AUDIO));

      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      JsonNode error = json(r.body()).get("error");
      assertThat(error.path("param").asText()).isEqualTo("messages[0].content[1]");
      assertThat(error.path("message").asText())
          .contains("part type input_audio has no anthropic-messages equivalent");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }
}
