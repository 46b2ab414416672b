package dev.orchestrator.serve.front;

import static dev.orchestrator.serve.http.JsonFields.kind;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.JsonFields;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Message content as the OpenAI-shaped fronts read it (a Chat Completions message's {@code
 * content}, a Responses message's content or a function call's output): a string is one text part,
 * an array holds part objects that each name their type, and an image is an http(s): or data: URL
 * with an optional detail. What each part type means stays with its front; errors are {@code 400}s
 * naming the part ({@code messages[0].content[1].type}). Stateless.
 */
public final class ContentParts {
  private ContentParts() {}

  /**
   * The parts {@code content} says: none when absent or an empty string, one text part for any
   * other string, and for an array each element read by {@code part} at its path ({@code
   * where[i]}).
   *
   * @throws ApiError {@code 400} naming {@code where} for anything else
   */
  public static List<ContentPart> read(
      JsonNode content, String where, BiFunction<JsonNode, String, ContentPart> part) {
    if (content == null) {
      return List.of();
    }
    if (content.isTextual()) {
      return content.asText().isEmpty() ? List.of() : List.of(ContentPart.text(content.asText()));
    }
    if (!content.isArray()) {
      throw ApiError.badRequest(
          where,
          where + ": " + kind(content) + " (expected: a string or an array of content parts)");
    }
    List<ContentPart> out = new ArrayList<>(content.size());
    for (int i = 0; i < content.size(); i++) {
      out.add(part.apply(content.get(i), where + "[" + i + "]"));
    }
    return out;
  }

  /**
   * The {@code type} of the part object {@code part} at {@code where}.
   *
   * @throws ApiError {@code 400} when {@code part} is no object or its type is missing or blank
   */
  public static String type(JsonNode part, String where) {
    if (!part.isObject()) {
      throw ApiError.badRequest(
          where, where + ": " + kind(part) + " (expected: a content part object with a type)");
    }
    String type = JsonFields.string(part, "type", where + ".type");
    if (type == null || type.isBlank()) {
      throw ApiError.badRequest(
          where + ".type", where + ".type: missing (expected: a content part type)");
    }
    return type;
  }

  /**
   * An image part from its URL and optional detail.
   *
   * @param urlParam the path of the URL, named when the engine refuses it (not http(s): or a base64
   *     data: URL)
   * @param detailParam the path of the detail, named when the engine refuses it
   * @throws ApiError {@code 400} naming the refused field
   */
  public static ContentPart image(String url, String detail, String urlParam, String detailParam) {
    try {
      return ContentPart.Image.fromUrl(url, detail);
    } catch (IllegalArgumentException e) {
      String param = e.getMessage().startsWith("image detail") ? detailParam : urlParam;
      throw ApiError.badRequest(param, param + ": " + e.getMessage());
    }
  }
}
