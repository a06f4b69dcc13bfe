package org.dbstudy.jmeter.functions;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.jmeter.functions.InvalidVariableException;

/**
 * Names with weights, e.g. {@code transfer:45, balance:55}: {@link #pick} returns a name with probability
 * weight / sum of weights. Parsed once; a pick is a scan of a few doubles and allocates nothing.
 */
final class WeightedMix {
    /** A plain decimal (no sign, exponent, NaN or Infinity): what a weight may be. */
    private static final Pattern DECIMAL = Pattern.compile("\\d{1,15}(\\.\\d{1,15})?|\\.\\d{1,15}");
    /** A whole number: a Switch Controller reads such a value as a child's position, not its name. */
    private static final Pattern WHOLE = Pattern.compile("\\d+");

    private final String[] names;
    /** Running sums of the weights: name i is picked for a draw in [cumulative[i−1], cumulative[i]). */
    private final double[] cumulative;

    private WeightedMix(String[] names, double[] cumulative) {
        this.names = names;
        this.cumulative = cumulative;
    }

    /** Reads {@code name:weight} arguments; a bad one fails with what it is (by position) and what is valid. */
    static WeightedMix parse(String function, List<String> arguments) throws InvalidVariableException {
        if (arguments.isEmpty()) {
            throw new InvalidVariableException(function + " needs one or more name:weight arguments, e.g. "
                    + function + "(transfer:45,balance:55)");
        }
        List<String> names = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        double[] cumulative = new double[arguments.size()];
        double sum = 0;
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i).strip();
            String where = function + " argument " + (i + 1) + " '" + argument + "': ";
            int colon = argument.lastIndexOf(':');
            if (colon < 0) {
                throw new InvalidVariableException(where + "has no weight; write name:weight, e.g. transfer:45");
            }
            String name = argument.substring(0, colon).strip();
            String weightText = argument.substring(colon + 1).strip();
            if (name.isEmpty()) {
                throw new InvalidVariableException(where + "the name is empty; write name:weight, e.g. transfer:45");
            }
            if (WHOLE.matcher(name).matches()) {
                throw new InvalidVariableException(where + "the name is a whole number, which a Switch Controller"
                        + " takes for a child's position; name the sampler with a word, e.g. transfer:45");
            }
            if (!seen.add(name)) {
                throw new InvalidVariableException(where + "'" + name + "' is named twice; give each name once");
            }
            if (!DECIMAL.matcher(weightText).matches()) {
                throw new InvalidVariableException(where + "the weight '" + weightText + "' is not a number > 0;"
                        + " a weight is a whole or decimal number, e.g. 45 or 4.5");
            }
            double weight = Double.parseDouble(weightText);
            if (weight <= 0) {
                throw new InvalidVariableException(where + "the weight must be greater than 0");
            }
            names.add(name);
            sum += weight;
            cumulative[i] = sum;
        }
        return new WeightedMix(names.toArray(new String[0]), cumulative);
    }

    /** The name for a draw {@code unit} uniform in [0, 1). */
    String pick(double unit) {
        double target = unit * cumulative[cumulative.length - 1];
        for (int i = 0; i < cumulative.length - 1; i++) {
            if (target < cumulative[i]) {
                return names[i];
            }
        }
        return names[names.length - 1]; // also where rounding lands a draw at the very top
    }

    List<String> names() {
        return List.of(names);
    }
}
