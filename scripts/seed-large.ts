// `npm run seed:large`: fills the PostgreSQL database at DATABASE_URL with a marketplace at scale for the
// benchmark: 100,000 sharks (~90% published) with their calendars (weekly hours in five zones, a day off
// each), 300,000 courses, 1,000,000 bookings by 50,000 learners (past ones completed or cancelled, the
// next 100 days' requested or confirmed, never overlapping), 200,000 follows and 300,000 ratings. Everything is set-based SQL over generate_series, with the per-row
// counter triggers off during the load and the counters recomputed once at the end, so it takes minutes
// rather than hours. Ids are md5-derived v4 uuids of the row number: random-looking (like gen_random_uuid, so
// indexes are as large as in production) yet computable, so bookings can name their course without a join.
import pg from 'pg';
import { openPostgres } from '#server/db/client.ts';
import { hashPassword } from '#server/modules/accounts/accounts/passwords.ts';
import {
  BENCH_LEARNER_EMAIL,
  BENCH_LEARNER_SESSIONS,
  BENCH_PASSWORD,
  BENCH_SHARK_BOOKINGS,
  BENCH_SHARK_EMAIL,
} from './bench/people';

/**
 * SEED_SCALE (default 1) shrinks the catalogue for a quick check on a busy machine (0.02: 2,000 sharks and
 * 20,000 bookings in seconds); the bench's signed-in learner and shark keep their full size at any scale.
 */
const SCALE = Number(process.env.SEED_SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 1)) {
  console.error(`SEED_SCALE must be a number in (0, 1], got ${process.env.SEED_SCALE}`);
  process.exit(2);
}
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const SHARKS = scaled(100_000);
const LEARNERS = scaled(50_000);
const COURSES = scaled(300_000);
const BOOKINGS = scaled(1_000_000);
const FOLLOWS = scaled(200_000);
const RATINGS = scaled(300_000);

const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Ananya',
  'Diya',
  'Saanvi',
  'Aadhya',
  'Pari',
  'Myra',
  'Anika',
  'Navya',
  'Kiara',
  'Riya',
  'Meera',
  'Kavya',
  'Rohan',
  'Karan',
  'Nikhil',
  'Priya',
  'Sneha',
  'Pooja',
  'Rahul',
  'Vikram',
  'Fatima',
  'Yusuf',
  'Ayesha',
  'Imran',
  'Zara',
  'Daniel',
  'Sarah',
  'Lena',
  'Marcus',
  'Elena',
  'Chen',
  'Wei',
  'Samuel',
  'Grace',
  'Tom',
  'Nora',
  'Omar',
  'Leila',
  'Hiro',
  'Yuki',
  'Lucas',
  'Sofia',
  'Mateo',
  'Amara',
  'Kofi',
  'Ingrid',
  'Pavel',
  'Olga',
  'Rafael',
  'Noor',
];
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Menon',
  'Reddy',
  'Rao',
  'Kulkarni',
  'Desai',
  'Joshi',
  'Kapoor',
  'Malhotra',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Pillai',
  'Gupta',
  'Agarwal',
  'Mehta',
  'Shah',
  'Patel',
  'Khan',
  'Qureshi',
  'Sheikh',
  'Fernandes',
  "D'Souza",
  'Thomas',
  'George',
  'Okafor',
  'Adeyemi',
  'Fischer',
  'Petrova',
  'Haddad',
  'Webb',
  'Tanaka',
  'Sato',
  'Silva',
  'Costa',
  'Novak',
  'Larsen',
  'Mensah',
  'Hassan',
  'Kowalski',
  'Moreau',
  'Rossi',
  'Lindqvist',
  'Ortiz',
  'Park',
  'Kim',
  'Nguyen',
];
const CODE_NAMES = [
  'Hammerhead',
  'Mako',
  'Great White',
  'Tiger',
  'Bull',
  'Thresher',
  'Lemon',
  'Reef',
  'Nurse',
  'Goblin',
  'Wobbegong',
  'Sixgill',
  'Dogfish',
  'Angel',
  'Basking',
  'Whale',
  'Blue Fin',
  'Silky',
  'Sand Tiger',
  'Epaulette',
];
const OPENERS = [
  'Penetration tester',
  'Red team operator',
  'Cloud security engineer',
  'Incident responder',
  'Application security lead',
  'Threat hunter',
  'Security researcher',
  'Malware analyst',
  'DevSecOps engineer',
  'Forensic investigator',
  'Bug bounty hunter',
  'Security architect',
];
const FOCUS = [
  'web applications and APIs',
  'Active Directory attack paths',
  'AWS IAM and GuardDuty',
  'Azure and Entra ID hardening',
  'Kubernetes and container security',
  'ransomware investigations',
  'memory forensics with Volatility',
  'mobile apps on Android and iOS',
  'phishing and social engineering',
  'IoT firmware and hardware hacking',
  'network forensics with Wireshark and Zeek',
  'reverse engineering with Ghidra',
  'GraphQL and OAuth flows',
  'detection engineering with Sigma rules',
  'supply chain and CI/CD pipelines',
  'SOC 2 and ISO 27001 readiness',
];
const STYLE = [
  'Hands-on labs in every session.',
  'Teaches beginners step by step.',
  'Prepares students for OSCP and OSWE.',
  'Real incident stories, no slides.',
  'Pairs with you on your own targets.',
  'Mentors CTF teams on weekends.',
  'Focus on writing reports clients read.',
  'Builds detections with the blue team in the room.',
];
/** The sharks' calendar zones (shark n gets ZONES[n % 5]); bookings are written in their shark's zone. */
const ZONES = ['Asia/Kolkata', 'Europe/London', 'America/New_York', 'Asia/Singapore', 'Europe/Berlin'];
const TITLES = [
  'Web Application Pentesting Bootcamp',
  'API Security Testing',
  'Active Directory Attacks',
  'Adversary Emulation',
  'AWS Security Fundamentals',
  'Kubernetes Hardening',
  'Incident Response Essentials',
  'Memory Forensics',
  'Malware Reverse Engineering',
  'Threat Hunting with Splunk',
  'Phishing Simulation',
  'Cloud Forensics',
];

const sqlArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
/** Element (index mod length) of a literal array; `idx` is an SQL integer expression. */
const pick = (values: string[], idx: string) =>
  `(${sqlArray(values)})[(1 + ((${idx}) % ${values.length}))::int]`;
/** A stable pseudo-random non-negative integer for an SQL integer expression. */
const h = (expr: string) => `(hashint4((${expr})::int)::bigint & 2147483647)`;
/** Course price in paise (₹500 to ₹4,400), a function of the course number: bookings need no join for it. */
const price = (j: string) => `(500 + (${h(`(${j}) * 3 + 11`)} % 40) * 100)::bigint * 100`;

/** A valid version-4 uuid (the API's schemas check version and variant) derived from md5 of the row number. */
const id = (kind: string, n: string) =>
  `overlay(overlay(md5('${kind}' || (${n})) placing '4' from 13) placing '8' from 17)::uuid`;

function parseArgs() {
  const force = process.argv.includes('--force');
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'seed:large needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run seed:large',
    );
    process.exit(2);
  }
  return { url, force };
}

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function main() {
  const { url, force } = parseArgs();
  const started = performance.now();
  await ensureDatabase(url);
  const migrated = await openPostgres(url, 1);
  await migrated.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, sql: string) => {
    const t = performance.now();
    const res = await client.query(sql);
    console.log(
      `${label.padEnd(34)} ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s${res.rowCount != null && res.command !== 'SET' ? `  (${res.rowCount.toLocaleString('en')} rows)` : ''}`,
    );
  };

  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM sharks');
  if (Number(rows[0].n) > 0 && !force) {
    console.error(
      `The database already holds ${rows[0].n} sharks; run with --force to empty it and seed again.`,
    );
    await client.end();
    process.exit(1);
  }

  // Bulk-load settings for this session only. session_replication_role = replica skips every trigger,
  // the counter triggers and the foreign-key checks (the generated ids are consistent by construction).
  // One transaction: a failed run leaves the database (and its indexes) as it was.
  await client.query('BEGIN');
  await step(
    'session settings',
    `SET session_replication_role = replica; SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '256MB'`,
  );
  if (Number(rows[0].n) > 0) {
    const { rows: tables } = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('roles', '__drizzle_migrations')`,
    );
    await step(
      'empty tables (--force)',
      `TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} CASCADE`,
    );
  }

  // The secondary indexes are dropped during the load and rebuilt afterwards: one sorted build is far
  // cheaper than a million random inserts (the trigram GIN indexes above all). Their definitions are read
  // from the catalog, so the migrations stay the single source of truth.
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public'
      AND i.tablename IN ('users', 'profiles', 'user_roles', 'sharks', 'courses', 'course_bookings', 'shark_followers', 'reviews', 'availability_weekly', 'availability_overrides')
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`);
  await step(
    `drop ${indexes.length} secondary indexes`,
    indexes.map((i) => `DROP INDEX "${i.indexname}";`).join('\n'),
  );
  // The app stamps its instants from its own clock and the columns have no SQL default (decision 202); a bulk
  // load that no test's clock moves lends them the database's clock for this transaction only.
  const { rows: stamped } = await client.query<{ tbl: string; col: string }>(`
    SELECT table_name AS tbl, column_name AS col FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type = 'timestamp with time zone' AND is_nullable = 'NO'
      AND column_default IS NULL`);
  const stampDefaults = (set: boolean) =>
    stamped
      .map(
        (c) =>
          `ALTER TABLE "${c.tbl}" ALTER COLUMN "${c.col}" ${set ? 'SET DEFAULT now()' : 'DROP DEFAULT'};`,
      )
      .join('\n') || 'SELECT 1';
  await step(`lend ${stamped.length} stamped columns the database's clock`, stampDefaults(true));
  // The overlap constraint too (its GiST index row by row is the slowest part of a load): the bookings that
  // the generator made overlap are cancelled below, then it is added back from its own definition.
  const { rows: exclusions } = await client.query<{ name: string; def: string }>(`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = 'course_bookings'::regclass AND contype = 'x'`);
  await step(
    `drop ${exclusions.length} exclusion constraint`,
    exclusions.map((c) => `ALTER TABLE course_bookings DROP CONSTRAINT "${c.name}";`).join('\n') ||
      'SELECT 1',
  );

  await step(
    'users (sharks and learners)',
    `
    INSERT INTO users (id, email, email_confirmed_at, created_at)
    SELECT ${id('su', 'n')}, 'shark' || n || '@bench.sharksecurity.in', now(), now() - (n % 900) * interval '1 day'
    FROM generate_series(1, ${SHARKS}) n
    UNION ALL
    SELECT ${id('lu', 'n')}, 'learner' || n || '@bench.sharksecurity.in', now(), now() - (n % 700) * interval '1 day'
    FROM generate_series(1, ${LEARNERS}) n`,
  );
  await step(
    'profiles',
    `
    INSERT INTO profiles (id, full_name, email, phone)
    SELECT ${id('su', 'n')}, ${pick(FIRST, h('n'))} || ' ' || ${pick(LAST, h('n + 1000003'))}, 'shark' || n || '@bench.sharksecurity.in', '+91 9' || lpad((n % 1000000000)::text, 9, '0')
    FROM generate_series(1, ${SHARKS}) n
    UNION ALL
    SELECT ${id('lu', 'n')}, ${pick(FIRST, h('n + 7'))} || ' ' || ${pick(LAST, h('n + 2000003'))}, 'learner' || n || '@bench.sharksecurity.in', '+91 8' || lpad((n % 1000000000)::text, 9, '0')
    FROM generate_series(1, ${LEARNERS}) n`,
  );
  await step(
    'user_roles',
    `
    INSERT INTO user_roles (user_id, role_id)
    SELECT ${id('su', 'n')}, (SELECT id FROM roles WHERE role_name = 'shark') FROM generate_series(1, ${SHARKS}) n
    UNION ALL
    SELECT ${id('lu', 'n')}, (SELECT id FROM roles WHERE role_name = 'user') FROM generate_series(1, ${LEARNERS}) n`,
  );
  await step(
    'sharks',
    `
    INSERT INTO sharks (id, user_id, name, code_name, specialization, experience, bio, photo_url, published)
    SELECT ${id('s', 'n')}, ${id('su', 'n')},
           ${pick(FIRST, h('n'))} || ' ' || ${pick(LAST, h('n + 1000003'))},
           CASE WHEN n % 3 = 0 THEN NULL ELSE ${pick(CODE_NAMES, h('n + 5'))} END,
           (ARRAY['pentesting','red_teaming','cloud_security','forensics'])[(1 + ${h('n + 17')} % 4)::int],
           ${h('n + 23')} % 31,
           CASE WHEN n % 20 = 0 THEN NULL ELSE
             ${pick(OPENERS, h('n + 31'))} || ' with ' || greatest(1, ${h('n + 23')} % 31) || ' years in ' || ${pick(FOCUS, h('n + 37'))} || ' and ' || ${pick(FOCUS, h('n + 41'))} || '. ' || ${pick(STYLE, h('n + 43'))}
           END,
           NULL,
           n % 10 <> 0
    FROM generate_series(1, ${SHARKS}) n`,
  );
  await step(
    'courses',
    `
    INSERT INTO courses (id, shark_id, title, course_code, description, duration, price_paise, created_at)
    SELECT ${id('c', 'j')}, ${id('s', `1 + ${h('j')} % ${SHARKS}`)},
           ${pick(TITLES, h('j + 3'))},
           'CRS-' || upper(lpad(to_hex(j), 6, '0')),
           'Live sessions on ' || ${pick(FOCUS, h('j + 5'))} || ', with labs and a written report at the end.',
           (2 + ${h('j + 7')} % 24)::numeric(6,2),
           ${price('j')},
           now() - (j % 500) * interval '1 day'
    FROM generate_series(1, ${COURSES}) j`,
  );
  // Calendars: every shark has rules (published ones open), weekday hours in two ranges, a Saturday morning
  // for one in three, and one day off in the coming weeks.
  await step(
    'shark_availability',
    `
    INSERT INTO shark_availability (shark_id, time_zone, buffer_minutes, min_notice_minutes, horizon_days, daily_cap, published)
    SELECT ${id('s', 'n')}, ${pick(ZONES, 'n')}, (ARRAY[0, 15, 30, 60])[(1 + n % 4)::int], 720, 60,
           CASE WHEN n % 7 = 0 THEN 4 END, n % 10 <> 0
    FROM generate_series(1, ${SHARKS}) n`,
  );
  await step(
    'availability_weekly',
    `
    INSERT INTO availability_weekly (shark_id, weekday, start_time, end_time)
    SELECT ${id('s', 'n')}, d, r.s, r.e
    FROM generate_series(1, ${SHARKS}) n
    CROSS JOIN generate_series(1, 5) d
    CROSS JOIN (VALUES (time '09:00', time '13:00'), (time '14:00', time '18:00')) r(s, e)
    UNION ALL
    SELECT ${id('s', 'n')}, 6, time '10:00', time '13:00' FROM generate_series(3, ${SHARKS}, 3) n`,
  );
  await step(
    'availability_overrides',
    `
    INSERT INTO availability_overrides (shark_id, date, start_time, end_time)
    SELECT ${id('s', 'n')}, current_date + (3 + ${h('n + 53')} % 50)::int, NULL, NULL FROM generate_series(1, ${SHARKS}) n`,
  );
  // Bookings from 300 days ago to 100 days ahead, on weekday working hours in the shark's zone. Past ones
  // were completed (one in eight cancelled); coming ones are requested or confirmed.
  await step(
    'course_bookings',
    `
    INSERT INTO course_bookings (course_id, user_id, name, email, phone, hours, total_price_paise, created_at,
                                 shark_id, starts_at, ends_at, blocked_until, time_zone, status,
                                 cancellation_hours, late_cancellation_refund)
    SELECT b.course_id, ${id('lu', 'b.learner')}, 'Learner ' || b.learner, 'learner' || b.learner || '@bench.sharksecurity.in',
           '+91 8' || lpad(b.learner::text, 9, '0'), b.hours,
           ${price('b.course')} * b.hours, now() - (k % 300) * interval '1 day',
           ${id('s', 'b.shark')}, b.starts, b.starts + make_interval(hours => b.hours), b.starts + make_interval(hours => b.hours),
           b.zone,
           CASE WHEN b.starts >= now() THEN (CASE WHEN k % 3 = 0 THEN 'requested' ELSE 'confirmed' END)
                WHEN k % 8 = 0 THEN 'cancelled' ELSE 'completed' END,
           -- the catalogue's courses keep the default terms: the booking carries them
           24, 50
    FROM generate_series(1, ${BOOKINGS}) k
    CROSS JOIN LATERAL (SELECT 1 + ${h('k')} % ${COURSES} AS course, 1 + ${h('k + 99991')} % ${LEARNERS} AS learner, 1 + k % 4 AS hours) c
    CROSS JOIN LATERAL (SELECT 1 + ${h('c.course')} % ${SHARKS} AS shark) s
    CROSS JOIN LATERAL (SELECT ${pick(ZONES, 's.shark')} AS zone,
                               current_date - 300 + (k % 400) AS day0, time '09:00' + ((k / 7) % (10 - c.hours)) * interval '1 hour' AS at) z
    -- weekdays only: a Saturday or Sunday moves to the Monday after
    CROSS JOIN LATERAL (SELECT z.day0 + (CASE extract(isodow FROM z.day0) WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END)::int AS day) d
    CROSS JOIN LATERAL (SELECT ${id('c', 'c.course')} AS course_id, c.course, c.learner, c.hours, s.shark, z.zone, d.day, z.at,
                               (d.day + z.at) AT TIME ZONE z.zone AS starts) b`,
  );
  await step(
    'cancel overlapping active bookings',
    `
    UPDATE course_bookings x SET status = 'cancelled', cancelled_by = 'learner'
    WHERE x.status IN ('requested', 'confirmed') AND EXISTS (
      SELECT 1 FROM course_bookings y
      WHERE y.shark_id = x.shark_id AND y.status IN ('requested', 'confirmed') AND y.id < x.id
        AND y.starts_at < x.blocked_until AND x.starts_at < y.blocked_until)`,
  );
  // Each learner follows/rates a few sharks at distinct offsets, so (user, shark) pairs never repeat.
  await step(
    'shark_followers',
    `
    INSERT INTO shark_followers (user_id, shark_id)
    SELECT ${id('lu', `1 + (k - 1) % ${LEARNERS}`)}, ${id('s', `1 + (${h(`1 + (k - 1) % ${LEARNERS}`)} + ((k - 1) / ${LEARNERS}) * ${Math.floor(SHARKS / 4)}) % ${SHARKS}`)}
    FROM generate_series(1, ${FOLLOWS}) k`,
  );
  // Reviews belong to completed sessions (decision 007): the first RATINGS bookings become completed sessions,
  // each with its learner's review.
  await step(
    'reviews',
    `
    WITH picked AS (
      SELECT b.id, b.user_id, c.shark_id, row_number() OVER (ORDER BY b.id) AS k
      FROM course_bookings b JOIN courses c ON c.id = b.course_id
      ORDER BY b.id LIMIT ${RATINGS}
    ), done AS (
      UPDATE course_bookings b SET status = 'completed' FROM picked p WHERE b.id = p.id RETURNING b.id
    )
    INSERT INTO reviews (booking_id, shark_id, user_id, rating, knowledge, preparation, clarity, body)
    SELECT p.id, p.shark_id, p.user_id, r.v, r.v, r.v, r.v, 'A clear, well-prepared session (benchmark data).'
    FROM picked p
    CROSS JOIN LATERAL (SELECT (ARRAY[5,5,5,4,4,4,4,3,3,2,1])[(1 + ${h('p.k + 13')} % 11)::int] AS v) r`,
  );
  // The bench's signed-in pages (issue 17): one shark with 2,000 bookings and one learner with 200 sessions,
  // every state over past and future, with timelines and a few threads. Their evening and own-calendar slots
  // never meet a generated booking, so the overlap constraint added back below holds by construction.
  const passwordHash = (await hashPassword(BENCH_PASSWORD)).replaceAll("'", "''");
  const benchShark = id('bs', '1');
  const benchSharkUser = id('bsu', '1');
  const benchLearner = id('blu', '1');
  await step(
    'bench learner and shark',
    `
    INSERT INTO users (id, email, password_hash, email_confirmed_at, created_at) VALUES
      (${benchSharkUser}, '${BENCH_SHARK_EMAIL}', '${passwordHash}', now(), now() - interval '420 days'),
      (${benchLearner}, '${BENCH_LEARNER_EMAIL}', '${passwordHash}', now(), now() - interval '320 days');
    INSERT INTO profiles (id, full_name, email, phone) VALUES
      (${benchSharkUser}, 'Meera Bench', '${BENCH_SHARK_EMAIL}', '+91 9000000001'),
      (${benchLearner}, 'Rohan Bench', '${BENCH_LEARNER_EMAIL}', '+91 8000000001');
    INSERT INTO user_roles (user_id, role_id)
      SELECT ${benchSharkUser}, id FROM roles WHERE role_name = 'shark'
      UNION ALL SELECT ${benchLearner}, id FROM roles WHERE role_name = 'user';
    INSERT INTO sharks (id, user_id, name, code_name, specialization, experience, bio, published) VALUES
      (${benchShark}, ${benchSharkUser}, 'Meera Bench', 'Hammerhead', 'pentesting', 12,
       'Penetration tester with 12 years in web applications and APIs. Hands-on labs in every session.', true);
    INSERT INTO courses (id, shark_id, title, course_code, description, duration, price_paise, cancellation_hours, created_at)
      SELECT ${id('bc', 'j')}, ${benchShark}, (ARRAY['Web Application Pentesting Bootcamp', 'API Security Testing', 'Active Directory Attacks'])[j],
             'BENCH-' || j, 'Live sessions with labs and a written report at the end.', 2, (1000 + j * 500)::bigint * 100,
             (ARRAY[24, 48, 12])[j], now() - interval '410 days'
      FROM generate_series(1, 3) j;
    INSERT INTO shark_availability (shark_id, time_zone, buffer_minutes, min_notice_minutes, horizon_days, daily_cap, published)
      VALUES (${benchShark}, 'Asia/Kolkata', 0, 720, 60, NULL, true);
    INSERT INTO availability_weekly (shark_id, weekday, start_time, end_time)
      SELECT ${benchShark}, d, time '08:00', time '18:00' FROM generate_series(1, 7) d;
    INSERT INTO shark_followers (user_id, shark_id)
      SELECT DISTINCT ${benchLearner}, ${id('s', `1 + ${h('i + 31337')} % ${SHARKS}`)} FROM generate_series(1, 12) i`,
  );
  await step(
    `bench sessions (${BENCH_SHARK_BOOKINGS} + ${BENCH_LEARNER_SESSIONS - BENCH_SHARK_BOOKINGS / 50})`,
    `
    WITH plan AS (
      -- the shark's: five a day (08:00, 10:00, ... in Kolkata, 1 or 2 hours) over 400 days; every 50th is the bench learner's
      SELECT ${id('bb', 'k')} AS id, k, ${id('bc', '1 + k % 3')} AS course_id, (1000 + (1 + k % 3) * 500)::bigint * 100 AS price,
             CASE WHEN k % 50 = 0 THEN 0 ELSE 1 + ${h('k + 4242')} % ${LEARNERS} END AS learner,
             ${benchShark} AS shark_id, 'Asia/Kolkata' AS zone,
             current_date - 300 + (k - 1) / 5 AS day, time '08:00' + ((k - 1) % 5) * interval '2 hours' AS at, 1 + k % 2 AS hours
      FROM generate_series(1, ${BENCH_SHARK_BOOKINGS}) k
      UNION ALL
      -- the learner's others: one evening every other day (after every generated booking's end) with a catalogue shark
      SELECT ${id('bl', 'i')}, 10000 + i, ${id('c', 'cj.j')}, ${price('cj.j')}, 0, ${id('s', 'sj.shark')}, ${pick(ZONES, 'sj.shark')},
             current_date - 240 + 2 * i, time '19:00', 1
      FROM generate_series(1, ${BENCH_LEARNER_SESSIONS - BENCH_SHARK_BOOKINGS / 50}) i
      CROSS JOIN LATERAL (SELECT 1 + ${h('i + 777')} % ${COURSES} AS j) cj
      CROSS JOIN LATERAL (SELECT 1 + ${h('cj.j')} % ${SHARKS} AS shark) sj
    ), timed AS (
      SELECT p.*, (p.day + p.at) AT TIME ZONE p.zone AS starts,
             (p.day + p.at) AT TIME ZONE p.zone + make_interval(hours => p.hours) AS ends
      FROM plan p
    ), stated AS (
      SELECT t.*, CASE
               WHEN t.ends <= now() THEN CASE WHEN k % 13 = 0 THEN 'no_show' WHEN k % 11 = 0 THEN 'expired'
                 WHEN k % 9 = 0 THEN 'declined' WHEN k % 7 = 0 THEN 'cancelled' ELSE 'completed' END
               ELSE CASE WHEN k % 9 = 0 THEN 'cancelled' WHEN k % 3 = 0 THEN 'requested' ELSE 'confirmed' END
             END AS status
      FROM timed t
    ), dated AS (
      SELECT s.*, CASE WHEN s.status = 'requested' THEN now() - make_interval(hours => 1 + k % 40)
                       ELSE least(s.starts, now()) - make_interval(days => 2 + k % 20) END AS created
      FROM stated s
    )
    INSERT INTO course_bookings (id, course_id, user_id, name, email, phone, hours, total_price_paise,
                                 created_at, shark_id, starts_at, ends_at, blocked_until, time_zone, status, learner_time_zone,
                                 answer_by, meeting_link, brief, notes, cancelled_by, late_cancellation,
                                 proposed_starts_at, proposed_ends_at, proposed_by, cancellation_hours, late_cancellation_refund)
    SELECT d.id,
           d.course_id,
           CASE WHEN d.learner = 0 THEN ${benchLearner} ELSE ${id('lu', 'd.learner')} END,
           CASE WHEN d.learner = 0 THEN 'Rohan Bench' ELSE 'Learner ' || d.learner END,
           CASE WHEN d.learner = 0 THEN '${BENCH_LEARNER_EMAIL}' ELSE 'learner' || d.learner || '@bench.sharksecurity.in' END,
           '+91 8' || lpad(d.learner::text, 9, '0'), d.hours, d.price * d.hours,
           d.created, d.shark_id, d.starts, d.ends, d.ends, d.zone, d.status,
           (ARRAY['Asia/Kolkata', 'Europe/London', 'America/New_York'])[1 + k % 3],
           least(d.created + interval '48 hours', d.starts),
           CASE WHEN d.status IN ('confirmed', 'completed', 'no_show') THEN 'https://meet.example.com/bench-' || k END,
           CASE WHEN k % 2 = 0 THEN jsonb_build_object('goal', 'Find and report the OWASP Top 10 in our staging app', 'level', 'Intermediate', 'stuckOn', 'Chaining an SSRF into cloud metadata')
                ELSE '{}'::jsonb END,
           CASE WHEN d.status = 'completed' AND k % 3 = 0 THEN jsonb_build_object('notes', 'Covered recon, auth bypass and the report outline.', 'actionItems', 'Finish the PortSwigger SSRF labs; send the draft report.')
                ELSE '{}'::jsonb END,
           CASE WHEN d.status = 'cancelled' THEN (ARRAY['learner', 'shark', 'admin'])[1 + k % 3] END,
           d.status = 'cancelled' AND k % 3 = 0 AND k % 2 = 0,
           CASE WHEN d.status = 'confirmed' AND k % 4 = 1 THEN d.starts + interval '1 day' END,
           CASE WHEN d.status = 'confirmed' AND k % 4 = 1 THEN d.ends + interval '1 day' END,
           CASE WHEN d.status = 'confirmed' AND k % 4 = 1 THEN (ARRAY['learner', 'shark'])[1 + k % 2] END,
           c.cancellation_hours, c.late_cancellation_refund
    FROM dated d JOIN courses c ON c.id = d.course_id`,
  );
  // Each bench session's timeline as the app writes it, and a thread of three messages on one in four.
  const mine = `(b.shark_id = ${benchShark} OR b.user_id = ${benchLearner})`;
  await step(
    'bench session timelines',
    `
    INSERT INTO booking_events (id, booking_id, at, kind, actor, actor_user_id, reason, starts_at, late)
    SELECT ${id('be', 'b.id::text || e.kind')}, b.id, e.at, e.kind, e.actor, e.actor_user_id, e.reason, e.starts_at, e.late
    FROM course_bookings b
    JOIN sharks s ON s.id = b.shark_id
    CROSS JOIN LATERAL (VALUES
      (b.created_at, 'requested', 'learner', b.user_id, NULL, NULL::timestamptz, false, true),
      (least(b.created_at + interval '2 hours', now()), 'confirmed', 'shark', s.user_id, NULL, NULL,
       false, b.status IN ('confirmed', 'completed', 'no_show') OR (b.status = 'cancelled' AND b.cancelled_by <> 'shark')),
      (least(b.created_at + interval '1 day', now()), 'reschedule_proposed', b.proposed_by,
       CASE b.proposed_by WHEN 'learner' THEN b.user_id ELSE s.user_id END, NULL, b.proposed_starts_at, false, b.proposed_by IS NOT NULL),
      (b.ends_at, 'completed', 'system', NULL, NULL, NULL, false, b.status = 'completed'),
      (b.ends_at + interval '1 hour', 'no_show', 'shark', s.user_id, 'The learner did not join the call.', NULL, false, b.status = 'no_show'),
      (least(b.created_at + (b.starts_at - b.created_at) / 2, now()), 'cancelled', b.cancelled_by,
       CASE b.cancelled_by WHEN 'learner' THEN b.user_id WHEN 'shark' THEN s.user_id END,
       'A clash with a client engagement that week.', NULL, b.late_cancellation, b.status = 'cancelled'),
      (b.created_at + interval '5 hours', 'declined', 'shark', s.user_id, 'Fully booked with an engagement that week.', NULL, false, b.status = 'declined'),
      (b.answer_by, 'expired', 'system', NULL, NULL, NULL, false, b.status = 'expired')
    ) e(at, kind, actor, actor_user_id, reason, starts_at, late, kept)
    WHERE ${mine} AND e.kept`,
  );
  await step(
    'bench session messages',
    `
    INSERT INTO booking_messages (id, booking_id, author, author_user_id, body, created_at, notified_at)
    SELECT ${id('bmsg', 'b.id::text || m.n')}, b.id, m.author, CASE m.author WHEN 'learner' THEN b.user_id ELSE s.user_id END, m.body,
           least(b.created_at + make_interval(hours => m.n), now() - make_interval(mins => 4 - m.n)),
           least(b.created_at + make_interval(hours => m.n), now() - make_interval(mins => 4 - m.n))
    FROM course_bookings b
    JOIN sharks s ON s.id = b.shark_id
    CROSS JOIN (VALUES
      (1, 'learner', 'Hi! Looking forward to it. Should I set up a Kali VM beforehand?'),
      (2, 'shark', 'Yes: Kali with Burp Suite Community is enough. I will share the lab at the start, see https://portswigger.net/web-security for the warm-up.'),
      (3, 'learner', 'Thanks, ready on my side.')
    ) m(n, author, body)
    WHERE ${mine} AND abs(hashtext(b.id::text)) % 4 = 0`,
  );
  // What the triggers would have maintained row by row, computed once for every shark (students = distinct
  // learners with a confirmed or completed session, decision 160; before the
  // index rebuild, so the update does not maintain ten indexes row by row).
  await step(
    'recompute shark counters',
    `
    UPDATE sharks s SET student_count = coalesce(st.n, 0), avg_rating = rt.avg, review_count = coalesce(rt.n, 0), rating_score = rt.score, min_price_paise = pr.min
    FROM sharks base
    LEFT JOIN (SELECT c.shark_id, count(DISTINCT b.user_id)::int AS n FROM course_bookings b JOIN courses c ON c.id = b.course_id WHERE b.status IN ('confirmed', 'completed') GROUP BY c.shark_id) st ON st.shark_id = base.id
    LEFT JOIN (SELECT shark_id, round(avg(rating), 2) AS avg, count(*)::int AS n, round((5 * 4.0 + sum(rating)) / (5 + count(*)), 4) AS score
               FROM reviews WHERE hidden_at IS NULL GROUP BY shark_id) rt ON rt.shark_id = base.id
    LEFT JOIN (SELECT shark_id, min(price_paise) AS min FROM courses GROUP BY shark_id) pr ON pr.shark_id = base.id
    WHERE s.id = base.id`,
  );
  // The session counters the bookings' trigger keeps (decision 198), every owner's from the bookings at once.
  await step(
    'recompute session counters',
    `TRUNCATE session_counters; INSERT INTO session_counters SELECT * FROM session_counters_fresh`,
  );
  // What the sessions clock's release step would have done (decision 140): a completed session's share is
  // released when its 48-hour no-show window ends, so only the last two days' wait (the dashboard reads them).
  await step(
    'release shares past their window',
    `UPDATE course_bookings SET share_released_at = ends_at + interval '48 hours'
     WHERE status = 'completed' AND share_released_at IS NULL AND ends_at + interval '48 hours' <= now()`,
  );
  await step(`rebuild ${indexes.length} indexes`, indexes.map((i) => `${i.indexdef};`).join('\n'));
  await step(
    `add ${exclusions.length} exclusion constraint back`,
    exclusions.map((c) => `ALTER TABLE course_bookings ADD CONSTRAINT "${c.name}" ${c.def};`).join('\n') ||
      'SELECT 1',
  );
  // The load ran with triggers off: bump the catalogue's version (ETags, list totals) by hand, as the trigger
  // does: an emptied row comes back at the current time in microseconds, so a version never repeats.
  await step(
    'bump catalogue version',
    `INSERT INTO catalogue_version (id, version) VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint) ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1`,
  );
  // ...and every shark's free-slots version (decision 197), which a running server keeps slots under.
  await step(
    'bump slots versions',
    `INSERT INTO shark_slots_versions (shark_id, version) SELECT id, nextval('shark_slots_version_seq') FROM sharks
       ON CONFLICT (shark_id) DO UPDATE SET version = EXCLUDED.version`,
  );
  await step(`take the database's clock back from ${stamped.length} stamped columns`, stampDefaults(false));
  await client.query('COMMIT');
  await client.query('SET session_replication_role = origin');
  await step('vacuum analyze', 'VACUUM ANALYZE');
  await client.end();
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
