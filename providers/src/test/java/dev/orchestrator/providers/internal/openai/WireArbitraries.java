package dev.orchestrator.providers.internal.openai;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Generators of OpenAI wire JSON for {@link WireDecodingPropertyTest}: objects whose fields are
 * present or absent, unknown fields, and — when asked — nulls and values of the wrong JSON type
 * anywhere.
 */
final class WireArbitraries {
  private static final ObjectMapper JSON = new ObjectMapper();

  private WireArbitraries() {}

  /** A value of some JSON type a field did not expect. */
  static Arbitrary<Object> wrongType() {
    return Arbitraries.of(
        List.of(), List.of(1, "a"), Map.of(), Map.of("k", 1), 7, 2.25, false, "s");
  }

  /** A free-form ({@code JsonNode}) field: mostly null, an object, or any other JSON value. */
  static Arbitrary<Object> anyValue() {
    return Arbitraries.frequencyOf(
        Tuple.of(4, Arbitraries.just(null)),
        Tuple.of(1, wrongType()),
        Tuple.of(
            1,
            Arbitraries.of(
                Map.of("message", "boom", "code", 500),
                Map.of("content", List.of(Map.of("token", "a", "logprob", -0.25))))));
  }

  /** A list of up to 3 elements (a null among them now and then), else null or another type. */
  static Arbitrary<Object> list(Arbitrary<Object> element, boolean wrongTypes) {
    Arbitrary<Object> items =
        Arbitraries.frequencyOf(Tuple.of(9, element), Tuple.of(1, Arbitraries.just(null)))
            .list()
            .ofMaxSize(3)
            .map(l -> (Object) l);
    return wrongTypes
        ? Arbitraries.frequencyOf(
            Tuple.of(8, items), Tuple.of(1, Arbitraries.just(null)), Tuple.of(1, wrongType()))
        : Arbitraries.frequencyOf(Tuple.of(8, items), Tuple.of(1, Arbitraries.just(null)));
  }

  /**
   * An object with each field present (a value from its arbitrary) or absent, sometimes an unknown
   * field; the whole object is now and then null, and with {@code wrongTypes} of another type.
   */
  static Arbitrary<Object> object(Map<String, Arbitrary<Object>> fields, boolean wrongTypes) {
    List<Arbitrary<Tuple.Tuple2<String, Object>>> entries = new ArrayList<>();
    for (Map.Entry<String, Arbitrary<Object>> f : fields.entrySet()) {
      entries.add(
          Arbitraries.frequencyOf(
              Tuple.of(3, f.getValue().map(v -> Tuple.of(f.getKey(), v))),
              Tuple.of(1, Arbitraries.just(Tuple.of(null, null)))));
    }
    entries.add(
        Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.just(Tuple.of(null, null))),
            Tuple.of(1, anyValue().map(v -> Tuple.of("unknown_field", v)))));
    Arbitrary<Object> whole =
        Combinators.combine(entries)
            .as(
                list -> {
                  Map<String, Object> m = new LinkedHashMap<>();
                  for (Tuple.Tuple2<String, Object> e : list) {
                    if (e.get1() != null) {
                      m.put(e.get1(), e.get2());
                    }
                  }
                  return (Object) m;
                });
    return wrongTypes
        ? Arbitraries.frequencyOf(
            Tuple.of(12, whole), Tuple.of(1, Arbitraries.just(null)), Tuple.of(1, wrongType()))
        : Arbitraries.frequencyOf(Tuple.of(12, whole), Tuple.of(1, Arbitraries.just(null)));
  }

  /** The JSON text of a generated value. */
  static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
