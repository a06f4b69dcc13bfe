package org.dbstudy.generator.sql;

import java.util.List;
import java.util.Set;
import org.dbstudy.vocabulary.DatabaseKind;

/** MariaDB: numbers from the Sequence engine's seq_1_to_N tables. */
final class MariaDb extends MySqlFamily {
    MariaDb() {
        super(DatabaseKind.MARIADB);
    }

    @Override
    public List<String> numbersSetup() {
        return List.of();
    }

    @Override
    public String numbers(long upTo) {
        return "(SELECT seq AS n FROM seq_1_to_" + upTo + ") nums";
    }

    /**
     * MariaDB's reserved words (the knowledge base's "Reserved Words"): the words of MariaDB 10.11's
     * information_schema.KEYWORDS that its parser refuses as a table name.
     */
    private static final Set<String> RESERVED = words("""
            accessible add all alter analyze and as asc asensitive before between bigint binary blob both by
            call cascade case change char character check collate column condition constraint continue convert
            create cross current_date current_role current_time current_timestamp current_user cursor databases
            day_hour day_microsecond day_minute day_second dec decimal declare default delayed delete
            delete_domain_id desc describe deterministic distinct distinctrow div do_domain_ids double drop each
            else elseif enclosed escaped except exists exit explain false fetch float float4 float8 for force
            foreign from fulltext grant group having high_priority hour_microsecond hour_minute hour_second if
            ignore ignore_domain_ids in index infile inner inout insensitive insert int int1 int2 int3 int4 int8
            integer intersect interval into is iterate join key keys kill leading leave left like limit linear
            lines load localtime localtimestamp lock long longblob longtext loop low_priority
            master_demote_to_replica master_demote_to_slave master_ssl_verify_server_cert match maxvalue
            mediumblob mediumint mediumtext middleint minute_microsecond minute_second mod modifies natural
            no_write_to_binlog not null numeric offset on optimize optionally or order out outer outfile over
            page_checksum parse_vcol_expr partition portion precision primary procedure purge range read
            read_write reads real recursive ref_system_id references regexp release rename repeat replace
            require resignal restrict return returning revoke right rlike row_number rows schemas
            second_microsecond select sensitive separator set show signal smallint spatial specific sql
            sql_big_result sql_calc_found_rows sql_small_result sqlexception sqlstate sqlwarning ssl starting
            stats_auto_recalc stats_persistent stats_sample_pages straight_join table terminated then tinyblob
            tinyint tinytext to trailing trigger true undo union unique unlock unsigned update usage use using
            utc_date utc_time utc_timestamp values varbinary varchar varcharacter varying when where while with
            write xor year_month zerofill
            """);

    @Override
    public Set<String> reservedWords() {
        return RESERVED;
    }
}
