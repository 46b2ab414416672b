package dev.orchestrator.serve.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.ProviderPreferences;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.serve.http.ApiError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChatCompletionParserTest {
  private static final String USER = "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]";

  private static ChatRequest parse(String json) {
    return ChatCompletionParser.parse(json.getBytes(StandardCharsets.UTF_8)).request();
  }

  private static ApiError rejected(String json) {
    try {
      parse(json);
    } catch (ApiError e) {
      return e;
    }
    throw new AssertionError("accepted: " + json);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          top_p out of range   | `"top_p":1.7`                         | top_p                 | top_p: 1.7 (expected: 0..1)
          top_p not a number   | `"top_p":"high"`                      | top_p                 | top_p: 'high' (expected: a number)
          penalty out of range | `"presence_penalty":-3`               | presence_penalty      | presence_penalty: -3.0 (expected: -2..2)
          seed not an integer  | `"seed":1.5`                          | seed                  | seed: 1.5 (expected: an integer)
          seed out of range    | `"seed":9223372036854775808`          | seed                  | seed: 9223372036854775808 is out of range (expected: an integer from -9223372036854775808 to 9223372036854775807)
          max_tokens too large | `"max_tokens":99999999999`            | max_tokens            | max_tokens: 99999999999 is out of range (expected: an integer from -2147483648 to 2147483647)
          max_tokens not int   | `"max_tokens":"many"`                 | max_tokens            | max_tokens: 'many' (expected: an integer)
          stop not strings     | `"stop":["a",5]`                      | stop[1]               | stop[1]: 5 (expected: a string)
          stop an object       | `"stop":{}`                           | stop                  | stop: an object (expected: a string or an array of strings)
          tool_choice unknown  | `"tool_choice":"sometimes"`           | tool_choice           | tool_choice: sometimes (expected: auto, none, required or
          tool_choice unoffered| `"tool_choice":{"type":"function","function":{"name":"x"}}` | tool_choice.function.name | tool_choice.function.name: x (expected: one of the offered tools)
          effort unknown       | `"reasoning_effort":"max"`            | reasoning_effort      | reasoning_effort: max (expected: none, minimal, low, medium, high or xhigh)
          n above one          | `"n":3`                               | n                     | n: 3 (expected: 1; the orchestrator does not fan out several choices)
          metadata not strings | `"metadata":{"k":1}`                  | metadata.k            | metadata.k: 1 (expected: a string)
          top_logprobs alone   | `"top_logprobs":2`                    | top_logprobs          | top_logprobs: 2 (expected: only with logprobs: true)
          parallel not boolean | `"parallel_tool_calls":"no"`          | parallel_tool_calls   | parallel_tool_calls: 'no' (expected: true or false)
          user not a string    | `"user":7`                            | user                  | user: 7 (expected: a string)
          max_completion zero  | `"max_completion_tokens":0`           | max_completion_tokens | max_completion_tokens: 0 (expected: >= 1)
          schema missing       | `"response_format":{"type":"json_schema","json_schema":{"name":"a"}}` | response_format.json_schema.schema | response_format.json_schema.schema: missing
          format unknown field | `"response_format":{"type":"json_object","strict":true}` | response_format.strict | response_format.strict: unknown field
          stream_options typed | `"stream_options":{"include_usage":"yes"}` | stream_options.include_usage | stream_options.include_usage: 'yes' (expected: true or false)
          tool unknown field   | `"tools":[{"type":"function","function":{"name":"t","cache":1}}]` | tools[0].function.cache | tools[0].function.cache: unknown field
          tool schema typed    | `"tools":[{"type":"function","function":{"name":"t","parameters":{"type":"string"}}}]` | tools[0].function.parameters | tools[0].function.parameters: tool 't' parameters: "type": "string" (expected: "object", or no type)
          """)
  void aWrongTypeOrRangeIs400NamingTheFieldAndTheExpectation(
      String why, String field, String param, String message) {
    ApiError e = rejected("{\"model\":\"m\"," + USER + "," + field + "}");
    assertThat(e.status()).as(why).isEqualTo(400);
    assertThat(e.error().path("param").asText()).isEqualTo(param);
    assertThat(e.error().path("message").asText()).startsWith(message);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          ftp url      | `{"type":"image_url","image_url":{"url":"ftp://x.test/a.png"}}` | messages[0].content[0].image_url.url
          file url     | `{"type":"image_url","image_url":{"url":"file:///etc/passwd"}}` | messages[0].content[0].image_url.url
          data no b64  | `{"type":"image_url","image_url":{"url":"data:image/png,xyz"}}` | messages[0].content[0].image_url.url
          bad detail   | `{"type":"image_url","image_url":{"url":"https://x/a.png","detail":"max"}}` | messages[0].content[0].image_url.detail
          no type      | `{"text":"hi"}`                                              | messages[0].content[0].type
          text no text | `{"type":"text"}`                                            | messages[0].content[0].text
          """)
  void anImageUrlThatIsNeitherHttpNorDataIs400NamingThePart(String why, String part, String param) {
    ApiError e =
        rejected("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":[" + part + "]}]}");
    assertThat(e.status()).as(why).isEqualTo(400);
    assertThat(e.error().path("param").asText()).isEqualTo(param);
    assertThat(e.error().path("message").asText()).startsWith(param + ": ");
  }

  @Test
  void aFreeRequestWithAPluginBilledApartIs400NamingIt() {
    ApiError e =
        rejected("{\"model\":\"orchestrator/free\"," + USER + ",\"plugins\":[{\"id\":\"web\"}]}");
    assertThat(e.status()).isEqualTo(400);
    assertThat(e.error().path("param").asText()).isEqualTo("plugins");
    assertThat(e.error().path("message").asText())
        .startsWith("plugins: not taken by orchestrator/free")
        .contains("never spends money");
  }

  @Test
  void aHundredThousandDeepBodyIs400NamingTheLimit() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    ApiError e = rejected("{\"model\":\"m\"," + USER + ",\"x\":" + deep + "}");
    assertThat(e.status()).isEqualTo(400);
    assertThat(e.error().path("message").asText())
        .isEqualTo("request body: nested deeper than 128 levels (expected: at most 128)");
  }

  @Test
  void readsEveryModelledFieldAndKeepsTheRestAsExtraBody() {
    ChatRequest r =
        parse(
            "{\"model\":\"m\","
                + "\"messages\":[{\"role\":\"developer\",\"content\":\"be brief\"},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"see\"},"
                + "{\"type\":\"image_url\",\"image_url\":\"https://x.test/a.png\"},"
                + "{\"type\":\"text\",\"text\":\"this\",\"cache_control\":{\"type\":\"ephemeral\"}}],"
                + "\"x_note\":1}],"
                + "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"t\"}}],"
                + "\"tool_choice\":\"required\",\"stop\":\"END\",\"seed\":-4,"
                + "\"reasoning_effort\":\"minimal\",\"stream_options\":{\"include_usage\":true},"
                + "\"provider\":{\"sort\":\"price\"},\"transforms\":[\"middle-out\"],"
                + "\"models\":[\"a/b\"]}");
    assertThat(r.toolChoice()).isEqualTo(ToolChoice.REQUIRED);
    assertThat(r.stop()).containsExactly("END");
    assertThat(r.seed()).isEqualTo(-4L);
    assertThat(r.reasoningEffort()).isEqualTo(ReasoningEffort.MINIMAL);
    assertThat(r.includeUsage()).isTrue();
    assertThat(r.models()).containsExactly("a/b");
    // OpenRouter's own fields are forwarded unchanged (docs/reference.md §5), not read here.
    assertThat(r.provider()).isEqualTo(ProviderPreferences.NONE);
    assertThat(r.extraBody())
        .containsExactly(
            Map.entry("provider", Map.of("sort", "price")),
            Map.entry("transforms", List.of("middle-out")));
    List<ContentPart> parts = r.messages().get(1).parts();
    assertThat(parts.get(1)).isEqualTo(ContentPart.imageUrl("https://x.test/a.png"));
    assertThat(parts.get(2)).isInstanceOf(ContentPart.Raw.class); // cache_control kept whole
    assertThat(r.messages().get(1).extra()).containsEntry("x_note", 1);
  }

  @Test
  void anUnknownFieldIsNeverConfusedWithTheOrchestratorsOwn() {
    assertThatThrownBy(() -> parse("{\"model\":\"m\"," + USER + ",\"models\":\"a\"}"))
        .isInstanceOf(ApiError.class)
        .hasMessageStartingWith("models: 'a'");
  }
}
