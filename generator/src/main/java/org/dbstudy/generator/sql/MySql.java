package org.dbstudy.generator.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * MySQL: numbers from a cross join of a ten-row digits table (recursive CTEs stop at
 * cte_max_recursion_depth = 1000 by default).
 */
final class MySql extends MySqlFamily {
    static final String DIGITS = "dbstudy_digits";

    MySql() {
        super(DatabaseKind.MYSQL);
    }

    @Override
    public List<String> numbersSetup() {
        return List.of("DROP TABLE IF EXISTS " + DIGITS,
                "CREATE TABLE " + DIGITS + " (d INT PRIMARY KEY)",
                "INSERT INTO " + DIGITS + " (d) VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)");
    }

    @Override
    public String numbers(long upTo) {
        int places = Math.max(1, Long.toString(upTo - 1).length());
        List<String> terms = new ArrayList<>();
        List<String> tables = new ArrayList<>();
        long weight = 1;
        for (int i = 0; i < places; i++) {
            terms.add(weight == 1 ? "d0.d" : weight + " * d" + i + ".d");
            tables.add(DIGITS + " d" + i);
            weight *= 10;
        }
        return "(SELECT " + String.join(" + ", terms) + " + 1 AS n FROM " + String.join(" CROSS JOIN ", tables)
                + " WHERE " + String.join(" + ", terms) + " < " + upTo + ") nums";
    }

    /** MySQL 8.0's reserved words: those marked (R) in the reference manual's "Keywords and Reserved Words" (to 8.0.32). */
    private static final Set<String> RESERVED = words("""
            accessible add all alter analyze and as asc asensitive before between bigint binary blob both by
            call cascade case change char character check collate column condition constraint continue convert
            create cross cube cume_dist current_date current_time current_timestamp current_user cursor database
            databases day_hour day_microsecond day_minute day_second dec decimal declare default delayed delete
            dense_rank desc describe deterministic distinct distinctrow div double drop dual each else elseif
            empty enclosed escaped except exists exit explain false fetch first_value float float4 float8 for
            force foreign from fulltext function generated get grant group grouping groups having high_priority
            hour_microsecond hour_minute hour_second if ignore in index infile inner inout insensitive insert
            int int1 int2 int3 int4 int8 integer intersect interval into io_after_gtids io_before_gtids is
            iterate join json_table key keys kill lag last_value lateral lead leading leave left like limit
            linear lines load localtime localtimestamp lock long longblob longtext loop low_priority manual
            master_bind master_ssl_verify_server_cert match maxvalue mediumblob mediumint mediumtext middleint
            minute_microsecond minute_second mod modifies natural no_write_to_binlog not nth_value ntile null
            numeric of on optimize optimizer_costs option optionally or order out outer outfile over parallel
            partition percent_rank precision primary procedure purge qualify range rank read read_write reads
            real recursive references regexp release rename repeat replace require resignal restrict return
            revoke right rlike row row_number rows schema schemas second_microsecond select sensitive separator
            set show signal smallint spatial specific sql sql_big_result sql_calc_found_rows sql_small_result
            sqlexception sqlstate sqlwarning ssl starting stored straight_join system table tablesample
            terminated then tinyblob tinyint tinytext to trailing trigger true undo union unique unlock unsigned
            update usage use using utc_date utc_time utc_timestamp values varbinary varchar varcharacter varying
            virtual when where while window with write xor year_month zerofill
            """);

    @Override
    public Set<String> reservedWords() {
        return RESERVED;
    }
}
