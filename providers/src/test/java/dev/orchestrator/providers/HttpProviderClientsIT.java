package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.internal.transport.Failures;
import dev.orchestrator.providers.internal.wire.Json;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Keys, headers, bounds, cancellation and thread hygiene of the HTTP clients on loopback. */
class HttpProviderClientsIT {
  final List<FailureEvidence> evidence = Collections.synchronizedList(new ArrayList<>());

  HttpProviderClients.Builder builder() {
    return HttpProviderClients.builder()
        .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
        .classifier(
            e -> {
              evidence.add(e);
              // A classifier that keeps upstream text, to prove the key is scrubbed anyway.
              return Failures.withTexts(
                  FailureClassifier.INSTANCE.classify(e),
                  e.body() != null ? e.body() : String.valueOf(e.exceptionMessage()),
                  e.body());
            });
  }

  /** One call without streaming to model {@code m} of {@code p}, through {@link #builder()}. */
  AttemptOutcome send(Provider p) {
    return builder()
        .build()
        .clientFor(p)
        .send(Fixtures.call(p, "m", false, Fixtures.easyLimits(), null));
  }

  /** A non-retryable verdict reached before anything was sent upstream. */
  static void assertRefusedBeforeSending(
      AttemptOutcome out, ScriptedUpstream upstream, FailureCategory category, String text) {
    ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
    assertThat(f.category()).isEqualTo(category);
    assertThat(f.retryable()).isFalse();
    assertThat(f.reachedModel()).isEqualTo(ReachedModel.NO);
    assertThat(f.message()).contains(text);
    assertThat(upstream.received()).isEmpty();
  }

  /** Names of the live threads of JDK clients' default executors. */
  static Set<String> clientWorkerThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName)
        .filter(n -> n.matches("HttpClient-\\d+-Worker-\\d+"))
        .collect(Collectors.toSet());
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void completesAnswersWithoutAWorkerThreadHandOff(boolean stream) {
    Set<String> before = clientWorkerThreads();
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p =
          Provider.of(
              "or", upstream.baseUrl("or"), Protocol.OPENAI_CHAT, List.of(Fixtures.KEY_ENV));
      HttpProviderClients clients = builder().build();
      for (int i = 0; i < 3; i++) {
        Fixtures.Recorder listener = stream ? new Fixtures.Recorder() : null;
        AttemptOutcome out =
            clients
                .clientFor(p)
                .send(Fixtures.call(p, "m", stream, Fixtures.easyLimits(), listener));
        assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      }
    }
    // The client's dependent tasks run on its selector thread (ADR 0011): no pool thread appears.
    assertThat(clientWorkerThreads()).isSubsetOf(before);
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void failsAuthBeforeSendingWhenTheKeyIsMissing(Protocol protocol) {
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p =
          Provider.of(
              "openrouter",
              upstream.baseUrl("openrouter"),
              protocol,
              List.of("OPENROUTER_API_KEY"));
      HttpProviderClients clients =
          HttpProviderClients.builder().credentials(Credentials.of(Map.of())).build();

      AttemptOutcome out =
          clients.clientFor(p).send(Fixtures.call(p, "m", false, Fixtures.easyLimits(), null));

      assertRefusedBeforeSending(
          out, upstream, FailureCategory.AUTH_FAILED, "set OPENROUTER_API_KEY");
    }
  }

  @Test
  void sendsTheBearerKeyUserAgentAndProviderHeadersToOpenAi() {
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p =
          new Provider(
              "or",
              "or",
              upstream.baseUrl("or") + "/",
              Protocol.OPENAI_CHAT,
              List.of("UNSET_VAR", Fixtures.KEY_ENV),
              Map.of("HTTP-Referer", "https://example.org", "Host", "ignored.example"));
      AttemptOutcome out = send(p);

      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      ScriptedUpstream.Received r = upstream.received().get(0);
      assertThat(r.path()).isEqualTo("/p/or/v1/chat/completions");
      assertThat(r.headers())
          .containsEntry("authorization", "Bearer " + Fixtures.SECRET)
          .containsEntry("user-agent", HttpProviderClients.DEFAULT_USER_AGENT)
          .containsEntry("http-referer", "https://example.org")
          .containsEntry("content-type", "application/json");
      assertThat(HttpProviderClients.DEFAULT_USER_AGENT).startsWith("orchestrator/");
      assertThat(r.toString()).doesNotContain(Fixtures.SECRET);
    }
  }

  @Test
  void sendsTheAnthropicKeyAndVersionHeaders() {
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p =
          Fixtures.provider(
              "anthropic", upstream.baseUrl("anthropic"), Protocol.ANTHROPIC_MESSAGES);
      AttemptOutcome out =
          builder()
              .userAgent("my-app/1.0")
              .build()
              .clientFor(p)
              .send(Fixtures.call(p, "claude", false, Fixtures.easyLimits(), null));

      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      ScriptedUpstream.Received r = upstream.received().get(0);
      assertThat(r.path()).isEqualTo("/p/anthropic/v1/messages");
      assertThat(r.headers())
          .containsEntry("x-api-key", Fixtures.SECRET)
          .containsEntry("anthropic-version", "2023-06-01")
          .containsEntry("user-agent", "my-app/1.0")
          .doesNotContainKey("authorization");
    }
  }

  @Test
  void sendsAnthropicAnImageUnderTheMediaTypeItsBytesHave() throws Exception {
    // OpenAI reads an inline image whatever its data: URL says; Anthropic refuses a media type
    // its bytes contradict ("specified using the image/png media type, but the image appears to
    // be a image/jpeg image") and any name but image/jpeg, png, gif and webp (image/jpg).
    String jpeg = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQ==";
    String png =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==";
    String gif = "R0lGODlhAQABAAAAACw=";
    String webp = "UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=";
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p =
          Fixtures.provider(
              "anthropic", upstream.baseUrl("anthropic"), Protocol.ANTHROPIC_MESSAGES);
      ChatRequest request =
          ChatRequest.builder("p/m")
              .message(
                  ChatMessage.user(
                      ContentPart.text("What is in these?"),
                      ContentPart.Image.fromUrl("data:image/png;base64," + jpeg, null),
                      ContentPart.Image.fromUrl("data:image/jpg;base64," + png, null),
                      ContentPart.Image.fromUrl("data:image/jpeg;base64," + gif, null),
                      ContentPart.Image.fromUrl("data:image/png;base64," + webp, null),
                      ContentPart.Image.fromUrl("data:image/jpg;base64,AAAA", null)))
              .build();
      AttemptOutcome out = Fixtures.send(p, "claude", request, null);

      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      JsonNode content =
          Json.MAPPER.readTree(upstream.received().get(0).body()).at("/messages/0/content");
      List<String> types = new ArrayList<>();
      for (int i = 1; i < content.size(); i++) {
        types.add(content.get(i).at("/source/media_type").asText());
      }
      assertThat(types)
          .containsExactly("image/jpeg", "image/png", "image/gif", "image/webp", "image/jpeg");
      assertThat(content.get(1).at("/source/data").asText()).isEqualTo(jpeg);
    }
  }

  @Test
  void sendsAnthropicAnObjectInputSchemaForAToolWhoseSchemaNamesNoType() throws Exception {
    // OpenAI takes "parameters": {} for a tool without parameters; Anthropic refuses the request
    // ("tools.0.custom.input_schema.type: Field required") unless input_schema says type object.
    // The anyOf schema only shows that the rest of a schema is kept as written.
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p =
          Fixtures.provider(
              "anthropic", upstream.baseUrl("anthropic"), Protocol.ANTHROPIC_MESSAGES);
      ChatRequest request =
          ChatRequest.builder("p/m")
              .user("What time is it?")
              .tool(new ToolDefinition("now", "The time", "{}"))
              .tool(
                  new ToolDefinition(
                      "find",
                      "Find by id or name",
                      "{\"anyOf\":[{\"required\":[\"id\"]},{\"required\":[\"name\"]}],"
                          + "\"properties\":{\"id\":{\"type\":\"string\"},"
                          + "\"name\":{\"type\":\"string\"}}}"))
              .tool(new ToolDefinition("typed", null, "{\"type\":\"object\"}"))
              .build();
      AttemptOutcome out = Fixtures.send(p, "claude", request, null);

      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      JsonNode tools = Json.MAPPER.readTree(upstream.received().get(0).body()).get("tools");
      assertThat(tools.at("/0/input_schema").toString()).isEqualTo("{\"type\":\"object\"}");
      assertThat(tools.at("/1/input_schema/type").asText()).isEqualTo("object");
      assertThat(tools.at("/1/input_schema/anyOf").size()).isEqualTo(2);
      assertThat(tools.at("/1/input_schema/properties/id/type").asText()).isEqualTo("string");
      assertThat(tools.at("/2/input_schema").toString()).isEqualTo("{\"type\":\"object\"}");
    }
  }

  @Test
  void sendsAnthropicNoWhitespaceOnlyTextBlock() throws Exception {
    // Models answer "\n\n" beside their tool calls (Anthropic's own too); Anthropic refuses a
    // request holding such a text block ("text content blocks must contain non-whitespace text"),
    // and a message left with no block ("all messages must have non-empty content").
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p =
          Fixtures.provider(
              "anthropic", upstream.baseUrl("anthropic"), Protocol.ANTHROPIC_MESSAGES);
      ChatRequest request =
          ChatRequest.builder("p/m")
              .user("Weather in Oslo?")
              .message(
                  ChatMessage.assistant(
                      "\n\n", List.of(new ToolCall("call_1", "weather", "{\"city\":\"Oslo\"}"))))
              .message(ChatMessage.tool("call_1", "-3 C"))
              .message(ChatMessage.assistant(" \n"))
              .user("And in Bergen?")
              .tool(new ToolDefinition("weather", "Weather", "{\"type\":\"object\"}"))
              .build();
      AttemptOutcome out = Fixtures.send(p, "claude", request, null);

      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      JsonNode messages = Json.MAPPER.readTree(upstream.received().get(0).body()).get("messages");
      for (JsonNode m : messages) {
        assertThat(m.get("content").size()).as(m.toString()).isPositive();
        for (JsonNode b : m.get("content")) {
          if (b.path("type").asText().equals("text")) {
            assertThat(b.path("text").asText()).as(m.toString()).isNotBlank();
          }
        }
      }
      assertThat(messages.at("/1/content/0/type").asText()).isEqualTo("tool_use");
      assertThat(messages.at("/2/content/1/text").asText()).isEqualTo("And in Bergen?");
    }
  }

  @Test
  void sendsOpenAiTheOutputLimitOfAnAnthropicCallerAsMaxCompletionTokens() throws Exception {
    // Claude Code's required max_tokens, translated for OpenAI, must not be "max_tokens": OpenAI's
    // reasoning models refuse it ("Unsupported parameter: 'max_tokens' is not supported with this
    // model. Use 'max_completion_tokens' instead."). An OpenAI caller's own name is kept, and a
    // family that takes only max_tokens (Mistral refuses unknown fields) still gets it.
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      ChatRequest fromMessages =
          ChatRequest.builder("p/m")
              .user("Hi")
              .maxTokens(1000)
              .nativeRequest(
                  new NativeRequest(
                      Protocol.ANTHROPIC_MESSAGES,
                      "{\"model\":\"p/m\",\"max_tokens\":1000}",
                      Map.of(),
                      List.of(ChatMessage.user("Hi")),
                      List.of()))
              .build();
      ChatRequest fromChat = ChatRequest.builder("p/m").user("Hi").maxTokens(1000).build();
      Provider openAi =
          Fixtures.provider("openai", upstream.baseUrl("openai"), Protocol.OPENAI_CHAT);
      Provider mistral =
          Fixtures.provider("mistral", upstream.baseUrl("mistral"), Protocol.OPENAI_CHAT);
      assertThat(Fixtures.send(openAi, "gpt-5", fromMessages, null))
          .isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(Fixtures.send(openAi, "gpt-5", fromChat, null))
          .isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(Fixtures.send(mistral, "large", fromMessages, null))
          .isInstanceOf(AttemptOutcome.Succeeded.class);

      List<JsonNode> bodies = new ArrayList<>();
      for (ScriptedUpstream.Received r : upstream.received()) {
        bodies.add(Json.MAPPER.readTree(r.body()));
      }
      assertThat(bodies.get(0).path("max_completion_tokens").asInt()).isEqualTo(1000);
      assertThat(bodies.get(0).has("max_tokens")).isFalse();
      assertThat(bodies.get(1).path("max_tokens").asInt()).isEqualTo(1000);
      assertThat(bodies.get(1).has("max_completion_tokens")).isFalse();
      assertThat(bodies.get(2).path("max_tokens").asInt()).isEqualTo(1000);
      assertThat(bodies.get(2).has("max_completion_tokens")).isFalse();
    }
  }

  @Test
  void sendsMistralOnlyFieldsItTakes() throws Exception {
    // Mistral refuses fields it does not define with 422 "extra_forbidden": stream_options (it
    // streams usage in the last chunk anyway) and max_completion_tokens (its name is max_tokens).
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider mistral =
          Fixtures.provider("mistral", upstream.baseUrl("mistral"), Protocol.OPENAI_CHAT);
      Provider openAi =
          Fixtures.provider("openai", upstream.baseUrl("openai"), Protocol.OPENAI_CHAT);
      ChatRequest request =
          ChatRequest.builder("p/m")
              .user("Hi")
              .maxCompletionTokens(500)
              .streamOptions(Map.of("include_usage", true))
              .stream(true)
              .build();
      Fixtures.Recorder listener = new Fixtures.Recorder();
      assertThat(Fixtures.send(mistral, "large", request, listener))
          .isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(Fixtures.send(openAi, "gpt", request, new Fixtures.Recorder()))
          .isInstanceOf(AttemptOutcome.Succeeded.class);

      JsonNode toMistral = Json.MAPPER.readTree(upstream.received().get(0).body());
      assertThat(toMistral.has("stream_options")).isFalse();
      assertThat(toMistral.has("max_completion_tokens")).isFalse();
      assertThat(toMistral.path("max_tokens").asInt()).isEqualTo(500);
      assertThat(toMistral.path("stream").asBoolean()).isTrue();
      JsonNode toOpenAi = Json.MAPPER.readTree(upstream.received().get(1).body());
      assertThat(toOpenAi.at("/stream_options/include_usage").asBoolean()).isTrue();
      assertThat(toOpenAi.path("max_completion_tokens").asInt()).isEqualTo(500);
    }
  }

  @Test
  void sendsNoCredentialToAKeylessProvider() {
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p = Provider.of("vllm", upstream.baseUrl("vllm"), Protocol.OPENAI_CHAT, List.of());
      AttemptOutcome out = send(p);

      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(upstream.received().get(0).headers()).doesNotContainKey("authorization");
    }
  }

  @Test
  void handsStatusHeadersAndBodyOfAnErrorToTheClassifier() {
    Step step =
        Step.answer(429, "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit\"}}")
            .withHeaders(Map.of("Retry-After", "2", "x-request-id", "req_429"));
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of("p/m", List.of(step)))) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), Protocol.OPENAI_CHAT);
      AttemptOutcome out = send(p);

      assertThat(((AttemptOutcome.Failed) out).failure().status()).isEqualTo(429);
      assertThat(evidence)
          .singleElement()
          .satisfies(
              e -> {
                assertThat(e.status()).isEqualTo(429);
                assertThat(e.headers())
                    .containsEntry("retry-after", "2")
                    .containsEntry("x-request-id", "req_429");
                assertThat(e.body()).contains("slow down");
                assertThat(e.provider()).isEqualTo("p");
                assertThat(e.inBandError()).isFalse();
              });
    }
  }

  @Test
  void readsAtMostSixtyFourKibOfAnErrorBody() {
    String huge = "x".repeat(300_000);
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("p/m", List.of(Step.answer(500, huge))))) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), Protocol.OPENAI_CHAT);
      AttemptOutcome out = send(p);

      assertThat(((AttemptOutcome.Failed) out).failure().status()).isEqualTo(500);
      assertThat(evidence.get(0).body()).hasSize(64 * 1024);
    }
  }

  @Test
  void neverPutsTheKeyInAFailureEvenWhenTheUpstreamEchoesIt() {
    String echo =
        "{\"error\":{\"message\":\"Incorrect API key provided: " + Fixtures.SECRET + "\"}}";
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("p/m", List.of(Step.answer(401, echo))))) {
      HttpProviderClients clients = builder().build();
      for (Protocol protocol : Protocol.values()) {
        Provider p = Fixtures.provider("p", upstream.baseUrl("p"), protocol);
        AttemptOutcome out =
            clients.clientFor(p).send(Fixtures.call(p, "m", true, Fixtures.easyLimits(), null));

        ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
        assertThat(f.message()).contains("Incorrect API key").doesNotContain(Fixtures.SECRET);
        assertThat(f.toString()).doesNotContain(Fixtures.SECRET);
        assertThat(out.toString()).doesNotContain(Fixtures.SECRET);
      }
      assertThat(clients.toString()).doesNotContain(Fixtures.SECRET);
      assertThat(
              clients
                  .clientFor(Fixtures.provider("p", "http://x", Protocol.OPENAI_CHAT))
                  .toString())
          .doesNotContain(Fixtures.SECRET);
    }
  }

  /**
   * A key with no known prefix (a self-hosted server's, a gateway's), echoed where the classifier
   * takes short fields from (the request id header, the error's type, code and request id) and
   * where it cuts a text to its kept length (the message at 500 characters, the body at 2 KiB): no
   * piece of it is left in any field. The key used to be scrubbed only from the finished message
   * and body, so it survived whole in the short fields and by its first half at each cut.
   */
  @Test
  void neverLeavesAPieceOfAnEchoedKeyInAnyFieldOfTheFailure() {
    String key = "Zq7Wm3Kp9Rt2Vx8Ny4Lb6Hd1Fg5Jc0";
    String head =
        "{\"error\":{\"type\":\""
            + key
            + "\",\"code\":\""
            + key
            + "\",\"request_id\":\""
            + key
            + "\",\"message\":\""
            + "m".repeat(490)
            + " "
            + key
            + "\",\"detail\":\"";
    // The last echo starts 8 bytes before the kept body's 2 KiB bound.
    String body = head + "d".repeat(2040 - head.length()) + key + "\"}}";
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(
            Map.of(
                "p/m", List.of(Step.answer(401, body).withHeaders(Map.of("x-request-id", key)))))) {
      HttpProviderClients clients =
          HttpProviderClients.builder()
              .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, key)))
              .build();
      for (Protocol protocol : Protocol.values()) {
        Provider p = Fixtures.provider("p", upstream.baseUrl("p"), protocol);
        AttemptOutcome out =
            clients.clientFor(p).send(Fixtures.call(p, "m", false, Fixtures.easyLimits(), null));

        ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
        assertThat(f.category()).isEqualTo(FailureCategory.AUTH_FAILED);
        assertThat(f.message()).startsWith("mmm");
        assertThat(f.body()).contains("ddd");
        for (String field :
            Arrays.asList(
                f.message(), f.body(), f.requestId(), f.errorType(), f.errorCode(), f.toString())) {
          assertThat(String.valueOf(field)).doesNotContain(key.substring(0, 6));
        }
      }
    }
  }

  /**
   * A key the upstream masked itself, as OpenAI's "Incorrect API key provided: sk-abc***xyz" does:
   * its first and last characters around asterisks or an ellipsis are still a piece of the
   * operator's key, and the caller is not its holder. A key with no known prefix kept both ends.
   */
  @Test
  void neverLeavesTheEndsOfAKeyTheUpstreamMaskedItself() {
    String key = "Zq7Wm3Kp9Rt2Vx8Ny4Lb6Hd1Fg5Jc0";
    String body =
        "{\"error\":{\"message\":\"Incorrect API key provided: Zq7Wm3***Jc0. Key Zq7W...g5Jc0,"
            + " also Zq7Wm3K•••• and ****Fg5Jc0; see ***** and wait...\",\"type\":"
            + "\"invalid_request_error\",\"code\":\"invalid_api_key\"}}";
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(
            Map.of(
                "p/m",
                List.of(
                    Step.answer(401, body)
                        .withHeaders(
                            Map.of("www-authenticate", "Bearer error=\"Zq7Wm3***Jc0\"")))))) {
      HttpProviderClients clients =
          HttpProviderClients.builder()
              .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, key)))
              .build();
      for (Protocol protocol : Protocol.values()) {
        Provider p = Fixtures.provider("p", upstream.baseUrl("p"), protocol);
        AttemptOutcome out =
            clients.clientFor(p).send(Fixtures.call(p, "m", false, Fixtures.easyLimits(), null));

        ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
        assertThat(f.category()).isEqualTo(FailureCategory.AUTH_FAILED);
        assertThat(f.message())
            .contains("Incorrect API key provided: ")
            .contains("see ***** and wait...");
        for (String field :
            Arrays.asList(f.message(), f.body(), f.errorCode(), f.toString(), out.toString())) {
          assertThat(String.valueOf(field))
              .doesNotContain("Zq7W")
              .doesNotContain("Jc0")
              .doesNotContain("g5J");
        }
      }
    }
  }

  /**
   * A gateway's own credential set as a provider header in the configuration ({@code
   * x-portkey-api-key}, {@code helicone-auth: Bearer …}), echoed bare by the upstream where no
   * pattern knows it: it goes like the key. A header that carries no credential stays readable.
   */
  @Test
  void neverPutsACredentialHeaderOfTheConfigurationInAFailure() {
    String portkey = "Pk7Lq2Zx9Wv4Nm8Rt3";
    String helicone = "Hc5Jd8Ks1Pw6Qe9Bn2";
    String body =
        "{\"error\":{\"message\":\"gateway refused "
            + portkey
            + " and "
            + helicone
            + " (masked Pk7Lq2***Rt3) for app My-Orchestrator-App\",\"code\":\""
            + portkey
            + "\"}}";
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(
            Map.of(
                "p/m",
                List.of(Step.answer(401, body).withHeaders(Map.of("x-request-id", helicone)))))) {
      for (Protocol protocol : Protocol.values()) {
        Provider p =
            new Provider(
                "p",
                null,
                upstream.baseUrl("p"),
                protocol,
                List.of(Fixtures.KEY_ENV),
                Map.of(
                    "x-portkey-api-key",
                    portkey,
                    "Helicone-Auth",
                    "Bearer " + helicone,
                    "X-Title",
                    "My-Orchestrator-App"));
        AttemptOutcome out =
            builder()
                .build()
                .clientFor(p)
                .send(Fixtures.call(p, "m", false, Fixtures.easyLimits(), null));

        ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
        assertThat(f.message()).contains("gateway refused").contains("My-Orchestrator-App");
        for (String field :
            Arrays.asList(
                f.message(),
                f.body(),
                f.requestId(),
                f.errorCode(),
                f.toString(),
                out.toString())) {
          assertThat(String.valueOf(field))
              .doesNotContain("Pk7Lq2")
              .doesNotContain("Hc5Jd8")
              .doesNotContain("Rt3");
        }
      }
    }
  }

  @Test
  void refusesToSendABodyOverTheLimit() {
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), Protocol.OPENAI_CHAT);
      ChatRequest big = ChatRequest.builder("p/m").user("y".repeat(5000)).build();
      AttemptOutcome out =
          builder()
              .maxRequestBytes(4096)
              .build()
              .clientFor(p)
              .send(ProviderCall.of(p, Fixtures.route("p", "m"), big, Fixtures.easyLimits()));

      assertRefusedBeforeSending(
          out, upstream, FailureCategory.REQUEST_TOO_LARGE, "(expected: at most 4096)");
    }
  }

  @Test
  void reportsARefusedConnectionAsConnectRefused() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Provider p = Fixtures.provider("p", "http://127.0.0.1:" + port + "/v1", Protocol.OPENAI_CHAT);
    // On fake time that never moves: only the refusal can end the attempt.
    FakeTime time = new FakeTime();
    AttemptOutcome out =
        builder()
            .ticker(time)
            .scheduler(new ManualScheduler(time))
            .build()
            .clientFor(p)
            .send(Fixtures.call(p, "m", false, Fixtures.easyLimits(), null));

    assertThat(((AttemptOutcome.Failed) out).failure().transportFault())
        .isEqualTo(TransportFault.CONNECT_REFUSED);
  }

  @Test
  void rejectsAProviderWithoutAUsableBaseUrlBeforeSending() {
    Provider p = Fixtures.provider("p", "ftp://example.org", Protocol.OPENAI_CHAT);
    AttemptOutcome out =
        builder()
            .build()
            .clientFor(p)
            .send(Fixtures.call(p, "m", false, Fixtures.tinyLimits(), null));

    ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
    assertThat(f.category()).isEqualTo(FailureCategory.REQUEST_INVALID);
    assertThat(f.message()).contains("baseUrl").contains("expected: an http(s) URL");
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void cancellingMidStreamClosesTheConnection(Protocol protocol) throws Exception {
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("p/m", List.of(Step.fault(Fault.STREAM_STALL))))) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), protocol);
      Cancellation cancel = new Cancellation();
      CountDownLatch firstDelta = new CountDownLatch(1);
      Fixtures.Recorder listener =
          new Fixtures.Recorder() {
            @Override
            public void onContent(String delta) {
              super.onContent(delta);
              firstDelta.countDown();
            }
          };
      ProviderCall call = Fixtures.call(p, "m", true, Fixtures.easyLimits(), listener, cancel);
      CompletableFuture<AttemptOutcome> running =
          CompletableFuture.supplyAsync(() -> builder().build().clientFor(p).send(call));
      assertThat(firstDelta.await(5, TimeUnit.SECONDS)).isTrue();

      cancel.cancel();
      AttemptOutcome out = running.get(5, TimeUnit.SECONDS);

      AttemptOutcome.Failed failed = (AttemptOutcome.Failed) out;
      assertThat(failed.failure().transportFault()).isEqualTo(TransportFault.CANCELLED);
      assertThat(failed.visibleOutput()).isTrue();
      assertThat(failed.failure().category()).isEqualTo(FailureCategory.STREAM_INTERRUPTED);
      awaitNoOpenConnections(upstream);
    }
  }

  @Test
  void cancellingBeforeTheResponseAbortsTheExchange() throws Exception {
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("p/m", List.of(Step.fault(Fault.NO_RESPONSE))))) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), Protocol.OPENAI_CHAT);
      Cancellation cancel = new Cancellation();
      ProviderCall call = Fixtures.call(p, "m", false, Fixtures.easyLimits(), null, cancel);
      CompletableFuture<AttemptOutcome> running =
          CompletableFuture.supplyAsync(() -> builder().build().clientFor(p).send(call));
      while (upstream.callCount("p/m") == 0) {
        Thread.onSpinWait();
      }

      cancel.cancel();
      AttemptOutcome out = running.get(5, TimeUnit.SECONDS);

      assertThat(((AttemptOutcome.Failed) out).failure().transportFault())
          .isEqualTo(TransportFault.CANCELLED);
      assertThat(((AttemptOutcome.Failed) out).visibleOutput()).isFalse();
      awaitNoOpenConnections(upstream);
    }
  }

  @Test
  void anAlreadyCancelledCallSendsNothing() {
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), Protocol.OPENAI_CHAT);
      Cancellation cancel = new Cancellation();
      cancel.cancel();
      AttemptOutcome out =
          builder()
              .build()
              .clientFor(p)
              .send(Fixtures.call(p, "m", false, Fixtures.easyLimits(), null, cancel));

      assertThat(((AttemptOutcome.Failed) out).failure().transportFault())
          .isEqualTo(TransportFault.CANCELLED);
      assertThat(upstream.received()).isEmpty();
    }
  }

  @Test
  void leavesNoThreadsOrConnectionsBehind() throws Exception {
    int nonDaemonBefore = liveThreads(false, null);
    HttpProviderClients clients = builder().build();
    AttemptLimits limits =
        new AttemptLimits(
            Duration.ofSeconds(1),
            Duration.ofMillis(200),
            Duration.ofMillis(200),
            Duration.ofMillis(100),
            Duration.ofMillis(400));
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(
            Map.of(
                "p/stall", List.of(Step.fault(Fault.STREAM_STALL)),
                "p/silent", List.of(Step.fault(Fault.NO_RESPONSE)),
                "p/cut", List.of(Step.fault(Fault.STREAM_CUT)),
                "p/reset", List.of(Step.fault(Fault.RESET_BEFORE_RESPONSE))))) {
      for (int i = 0; i < 3; i++) {
        for (String model : List.of("stall", "silent", "cut", "reset", "ok")) {
          for (Protocol protocol : Protocol.values()) {
            Provider p = Fixtures.provider("p", upstream.baseUrl("p"), protocol);
            clients
                .clientFor(p)
                .send(Fixtures.call(p, model, true, limits, new Fixtures.Recorder()));
          }
        }
      }
      assertThat(liveThreads(true, HttpProviderClients.TIMER_THREAD_NAME)).isLessThanOrEqualTo(1);
      // The upstream records a call on its own thread; on a loaded machine that can trail the
      // client's timeout, so wait for the record (bounded) rather than race it.
      long recorded = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
      while (upstream.calls().size() < 30 && System.nanoTime() < recorded) {
        Thread.sleep(10);
      }
      assertThat(upstream.calls()).hasSize(30);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    while (liveThreads(true, "scripted-upstream") > 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(liveThreads(true, "scripted-upstream")).isZero();
    assertThat(liveThreads(false, null)).isLessThanOrEqualTo(nonDaemonBefore);
  }

  private static int liveThreads(boolean daemonsToo, String namePrefix) {
    int n = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (!t.isAlive() || (!daemonsToo && t.isDaemon())) {
        continue;
      }
      if (namePrefix == null || t.getName().startsWith(namePrefix)) {
        n++;
      }
    }
    return n;
  }

  private static void awaitNoOpenConnections(ScriptedUpstream upstream)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    while (upstream.openConnections() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(upstream.openConnections()).as("server-side connections still open").isZero();
  }
}
