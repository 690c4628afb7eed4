// The other languages' reading into English (src/core/planner/offline/languages.ts, catalog/lexicons/*.json), one
// block per language: each reads a request the way a kiosk user types it, and plans it on a real scenario's config.
// The rules a language needs beyond word-for-word lookup are checked here: new names kept as written, adjectives that
// follow their noun, German separable verbs and compounds, Chinese and Japanese renames and "only".
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';
import { readFileSync } from 'node:fs';
import { catalog } from '../../../src/core/catalog/index.ts';
import { tokenize } from '../../../src/core/catalog/text.ts';
import { vocabulary } from '../../../src/core/planner/offline/accounting.ts';
import { LEXICONS, translate } from '../../../src/core/planner/offline/languages.ts';
import { createOfflineProposer, planRequest } from '../../../src/core/planner/index.ts';
import { findingsFor, startingDocument } from '../../../bench/planner/evaluate.ts';
import { snapshotFromScenario } from '../../../src/cli/commands/plan.ts';
import type { PlannedAction } from '../../../src/core/rviz/action-types.ts';

const english = vocabulary(catalog);
const read = (text: string): string | undefined => translate(text, english)?.english;
const languageOf = (text: string): string | undefined => translate(text, english)?.language;

/** The checked actions the offline planner proposes for a request on a scenario's own config. */
async function plan(scenario: string, request: string): Promise<string[]> {
  const document = await startingDocument(scenario, undefined);
  const snapshot = await snapshotFromScenario(scenario, new AbortController().signal);
  const r = await planRequest({ request, document, snapshot, findings: findingsFor(document, snapshot), proposer: createOfflineProposer() });
  return r.plan.actions.filter((a: PlannedAction) => a.checked).map((a) => [a.action, a.display, a.property, a.value].filter(Boolean).join(' '));
}

describe('lexicon data beyond the word lists', () => {
  it('map adjectives after the noun and separable verbs only to English the planner knows', () => {
    for (const f of LEXICONS) {
      for (const section of ['after', 'separable', 'beforeType'] as const) {
        for (const [k, v] of Object.entries(f[section] ?? {})) {
          for (const t of tokenize(v)) expect(english.has(t), `${f.language} ${section} "${k}" → "${v}": "${t}"`).toBe(true);
        }
      }
    }
  });

  it('give every latin language words that introduce a new name, and Chinese and Japanese markers around it', () => {
    for (const f of LEXICONS) {
      if (f.script === 'latin') expect(f.naming?.to?.length, f.language).toBeGreaterThan(0);
      else expect(f.naming?.around?.length, f.language).toBeGreaterThan(0);
    }
    const schema = JSON.parse(readFileSync(new URL('../../../catalog/lexicons/schema.json', import.meta.url), 'utf8')) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['after', 'separable', 'naming', 'compounds']));
  });
});

describe('Italian', () => {
  it('reads plural and clitic imperatives, adjectives after the noun and "del robot2"', () => {
    expect(read('nascondete il percorso globale')).toBe('hide global plan');
    expect(read('spegni la mappa dei costi locale')).toBe('turn off local costmap');
    expect(read('spegni i marcatori interattivi')).toBe('turn off interactive markers');
    expect(read('nascondi lo scan del robot2')).toBe('hide scan robot2');
  });
  it('keeps the new name as written, also after "rinominala" and before another request', () => {
    expect(read('rinomina la mappa in Mappa Condivisa')).toBe('rename map to "Mappa Condivisa"');
    expect(read('rinominala in Percorso Uno')).toBe('rename it to "Percorso Uno"');
    expect(read('nascondi il laser e rinomina la mappa in Mappa e Laser')).toBe('hide laser and rename map to "Mappa e Laser"');
  });
  it('renames with "deve chiamarsi" and keeps a name that holds lexicon words', () => {
    expect(read('il laser deve chiamarsi Laser Principale')).toBe('rename laser to "Laser Principale"');
    expect(read('chiama il laser Sensore Davanti')).toBe('rename laser to "Sensore Davanti"');
  });
  it('keeps a capitalised name after "chiama", the sentence after a full stop, and "un po\'"', () => {
    expect(read('chiama la mappa Pianta Nuova')).toBe('rename map to "Pianta Nuova"');
    expect(read('nascondi il laser. mostra la griglia')).toBe('hide laser . show grid');
    expect(read("la mappa un po' più trasparente")).toBe('map more transparent');
    expect(read('nascondi lo scan del secondo robot')).toBe('hide scan robot 2');
  });
  it('reads pronouns on the verb and "-iamo"', () => {
    expect(read('cancellala')).toBe('remove it');
    expect(read('spegniamo la griglia')).toBe('turn off grid');
    expect(read('accendimi la griglia')).toBe('turn on grid');
  });
  it('reads "piano" before a plane\'s axes as the plane, adding no Path', async () => {
    expect(await plan('manipulator', 'metti la griglia sul piano YZ')).toEqual(['set_property Grid Plane YZ']);
  });
  it('plans a possessive on the right robot only', async () => {
    expect(await plan('multi_robot', 'nascondi lo scan del robot2')).toEqual(['set_enabled Robot2 Scan false']);
  });

  it('reads "le costmap" as every costmap', () => {
    expect(read('nascondi le costmap')).toBe('hide costmaps');
  });
});

describe('Portuguese', () => {
  it('reads the subjunctive imperative and keeps a new name after "para"', () => {
    expect(read('desligue o mapa')).toBe('turn off map');
    expect(read('renomeie o mapa para Mapa Compartilhado')).toBe('rename map to "Mapa Compartilhado"');
    expect(languageOf('renomeie o mapa para Mapa Compartilhado')).toBe('pt');
  });
  it('tells Portuguese from Spanish by the words only one of them has', () => {
    expect(languageOf('repare o laser')).toBe('pt');
    expect(languageOf('répare le laser')).toBe('fr');
    expect(languageOf('colora il laser di verde')).toBe('it');
  });
  it('reads "cor do torque" as the torque colour', async () => {
    expect(await plan('manipulator', 'mude a cor do torque para verde')).toEqual(['set_property Tool Wrench Torque Color 0; 255; 0']);
  });

  it('reads "cor de fundo" as the background colour, "como está" as leaving it, and "20,20,20" as three numbers', async () => {
    expect(await plan('qos_traps', 'deixa a nuvem de pontos como está e muda a cor de fundo para branco')).toEqual(['set_property Global Options Background Color 255; 255; 255']);
    expect(read('fundo 20,20,20 por favor')).toBe('background 20 , 20 , 20');
    expect(read('mapa transparente 0,5')).toBe('map transparent 0.5');
  });
});

describe('Spanish', () => {
  it('reads clitics, "que … sean" and a new name after "como"', () => {
    expect(read('ocúltame la nube de puntos')).toBe('hide point cloud');
    expect(read('haz que los puntos del láser sean más grandes')).toBe('make points laser bigger');
    expect(read('renombra la nube de puntos como Nube Frontal')).toBe('rename point cloud to "Nube Frontal"');
  });
  it('reads pronouns on the verb and plural endings', () => {
    expect(read('ocultarlo')).toBe('hide it');
    expect(read('oculta los láseres')).toBe('hide laser');
  });
  it('plans the local trajectory in orange', async () => {
    expect(await plan('turtlebot_nav', 'cambia el color de la trayectoria local a naranja')).toContain('set_property Local Plan Color 255; 165; 0');
  });

  it('reads "color de fondo" as the background colour, "totalmente" as fully and "no toques" as leaving it', async () => {
    expect(await plan('turtlebot_nav', 'cambia el color de fondo a blanco')).toEqual(['set_property Global Options Background Color 255; 255; 255']);
    expect(read('pon el mapa totalmente opaco y no toques la rejilla')).toBe('put map fully opaque and don t touch grid');
  });

  it('reads "el costmap local" as the local costmap and "el mapa menos transparente" as Spanish', async () => {
    expect(read('oculta el costmap local')).toBe('hide local costmap');
    expect(languageOf('el mapa menos transparente')).toBe('es');
  });
});

describe('French', () => {
  it('reads "images par seconde" as frames per second', () => {
    expect(read('fond blanc et 60 images par seconde')).toBe('background white and 60 fps');
  });
  it('reads vous-forms, politeness and "temps de persistance"', () => {
    expect(read('masquez la carte de coût locale')).toBe('hide local costmap');
    expect(read('je voudrais masquer l\'odométrie')).toBe('hide odometry');
    expect(read('règle le temps de persistance du laser sur 2 secondes')).toBe('set decay time laser 2 seconds');
  });
  it('keeps a new name as written, hyphens and quotes included', () => {
    expect(read('appelle la carte Rez-de-chaussée')).toBe('rename map to "Rez-de-chaussée"');
    expect(read('renomme la carte en « Carte Étage »')).toBe('rename map to "Carte Étage"');
  });
  it('keeps accents in a new name', async () => {
    expect(await plan('multi_robot', 'renomme la carte en Carte Partagée')).toEqual(['rename_display Map Carte Partagée']);
  });

  it('reads "non pardon" as a correction', () => {
    expect(read('mets le plan global en bleu, non pardon, en blanc')).toBe('put global plan in blue , no sorry , in white');
  });
});

describe('German', () => {
  it('reads separable verbs by their particle: "blende … ein" shows, "schalte … aus" turns off', () => {
    expect(read('blende die Partikelwolke ein')).toBe('show particle cloud');
    expect(read('schalte den Laser aus')).toBe('turn off laser');
    expect(read('blende die Karte aus und schalte das Gitter ein')).toBe('hide map and turn on grid');
  });
  it('reads declined nouns by their stem', () => {
    expect(read('blende die Punkte des Gitters aus')).toBe('hide points grid');
    expect(read('zeige die Markern')).toBe('show markers');
  });
  it('reads compounds as two entries', () => {
    expect(read('färbe die Kraftpfeile grün')).toBe('colour force arrows green');
    expect(read('stelle die Laserpunktgröße auf 5 Zentimeter')).toBe('set laser point size to 5 cm');
  });
  it('reads a compound of two setting words: "Positionstoleranz" is the position tolerance', async () => {
    expect(await plan('multi_robot', 'Roboter 2: Positionstoleranz der Odometrie auf 0,5')).toEqual(['set_property Robot2 Odometry Position Tolerance 0.5']);
  });
  it('closes a new name at "um" or at the verb at the end', async () => {
    expect(read('benenne die Karte in Gemeinsame Karte um und blende den Scan von robot1 aus')).toBe('rename map to "Gemeinsame Karte" and hide scan robot1');
    expect(await plan('multi_robot', 'die Karte in Gemeinsame Karte umbenennen')).toEqual(['rename_display Map Gemeinsame Karte']);
  });

  it('keeps "nicht so" before a size word: not so big is smaller', () => {
    expect(read('die TF-Achsen bitte nicht so groß')).toMatch(/not so big/);
  });

  it('reads "wie er ist", "aber", "färb" and "in Ruhe"', async () => {
    expect(read('Lass den Global Plan, wie er ist, aber färb den Controller Path gelb')).toBe('keep Global plan , as it is , but colour Controller Path yellow');
    expect(read('lass die Map in Ruhe')).toBe('keep Map alone');
  });
});

describe('Chinese', () => {
  it('reads 背景 alone as the background and 放到背景 as drawn behind', async () => {
    expect(await plan('multi_robot', '背景改成纯黑，把网格关了')).toEqual(['set_property Global Options Background Color 0; 0; 0', 'set_enabled Grid false']);
    expect(await plan('multi_robot', '把地图放到背景')).toEqual(['set_property Map Draw Behind true']);
  });
  it('reads verbs without spaces, 起来, 的 and force words', () => {
    expect(read('把全局路径隐藏起来')).toBe('global plan hide');
    expect(read('隐藏robot2的激光')).toBe('hide robot2 laser');
  });
  it('keeps the new name after 重命名为', async () => {
    expect(read('把地图重命名为共享地图')).toBe('rename map to "共享地图"');
    expect(await plan('multi_robot', '把地图的名字改成共享地图')).toEqual(['rename_display Map 共享地图']);
  });
  it('reads robots by ordinal: 一号机器人, 第二个机器人', () => {
    expect(read('一号机器人的路径改成红色')).toBe('robot 1 path set to red');
    expect(read('把第二个机器人的里程计隐藏')).toBe('robot 2 odometry hide');
    expect(read('隐藏两个机器人的激光')).toBe('hide both laser');
  });
  it('reads 不要 before a display word as hide, and elsewhere as not', async () => {
    expect(read('不要网格')).toBe('hide grid');
    expect(read('地图不要画在后面')).toBe('map not draw behind');
    expect(await plan('turtlebot_nav', '不要网格')).toEqual(['set_enabled Grid false']);
  });
  it('reads two of a display word with its counter as both, and two cells as a count', () => {
    expect(read('两条路径都改成红色')).toBe('both path set to red');
    expect(read('网格要两个格子')).toBe('grid 2 cells');
  });
  it('renames with 为 only after a rename word', () => {
    expect(read('重命名激光为前激光')).toBe('rename laser to "前激光"');
    expect(read('把激光设为红色')).toBe('laser set to red');
  });
  it('reads 点 between numerals as a decimal point', async () => {
    expect(read('衰减时间一点五秒')).toBe('decay time 1.5 seconds');
    expect(read('激光点设为3点5厘米')).toBe('laser set to 3.5 cm');
    expect(await plan('turtlebot_nav', '把激光点的大小设为零点零五米')).toEqual(['set_property LaserScan Size (m) 0.05']);
  });
  it('plans the force colour', async () => {
    expect(await plan('manipulator', '把力的颜色改成绿色')).toEqual(['set_property Tool Wrench Force Color 0; 255; 0']);
  });

  it('reads 不用动 as leaving what it follows as it is', async () => {
    expect(await plan('turtlebot_nav', '把激光点改成红色，地图不用动。')).not.toContainEqual(expect.stringMatching(/^\w+ Map /));
    expect(read('地图不用动')).toBe('map leave as is');
  });
});

describe('Japanese', () => {
  it('reads 背景 as the background, 背景に as drawn behind and 表示を as the display', async () => {
    expect(await plan('turtlebot_nav', '背景を白にして')).toEqual(['set_property Global Options Background Color 255; 255; 255']);
    expect(await plan('turtlebot_nav', '地図を背景に')).toEqual(['set_property Map Draw Behind true']);
    expect(read('センサー7の温度表示を消して')).toBe('hide sensor 7 temperature display');
  });
  it('reads 深度点群 as the depth cloud by its name, so 減衰時間 is its decay time', async () => {
    expect(await plan('manipulator', '深度点群の減衰時間を1秒に')).toEqual(['set_property Depth Cloud Decay Time 1']);
  });
  it('moves the verb first, and "only" with it', () => {
    expect(read('ローカルコストマップを非表示にしてください')).toBe('hide local costmap');
    expect(read('地図だけ表示して')).toBe('only show map');
  });
  it('reads 2号機 and full-width digits as robot 2', async () => {
    expect(read('２号機のスキャンを消して')).toBe('hide robot 2 scan');
    expect(await plan('multi_robot', '2台目のロボットのスキャンを隠して')).toEqual(['set_enabled Robot2 Scan false']);
  });
  it('reads entries that start in latin letters, whatever their case: Z軸, 2倍', () => {
    expect(read('点群の色をZ軸で')).toBe('point cloud colour z axis');
    expect(read('レーザーの点を2倍にして')).toBe('set to laser points twice');
  });
  it('keeps the new name between 名前を and に変更して', async () => {
    expect(read('マップの名前を共有マップに変更して')).toBe('rename map to "共有マップ"');
    expect(await plan('multi_robot', 'マップを共有マップにリネームして')).toEqual(['rename_display Map 共有マップ']);
  });

  it('reads 残して as keep ("最後の10個だけ残して" keeps the last 10)', () => {
    expect(read('最後の10個だけ残して')).toMatch(/keep/);
  });
});

describe('English stays English', () => {
  it('does not read English words a lexicon shares ("due", "cache", "violet") as another language', () => {
    expect(translate('the map is not showing due to qos, fix it', english)).toBeUndefined();
    expect(translate('make the grid violet', english)).toBeUndefined();
    expect(translate('cache le scan du robot2', english)?.language).toBe('fr');
  });
  it('does not read a rename as another language because of its new name', () => {
    expect(translate('rename the map to Mappa Uno', english)).toBeUndefined();
    expect(translate('rename the scan of robot2 to Laser Due', english)).toBeUndefined();
  });
});

describe('everyday words of each language, planned', () => {
  it.each([
    ['Non mi servono più i marker del task, toglili pure', 'manipulator', undefined, 'Remove "Task Markers"'],
    ['Aumenta a taxa de quadros para 50', 'turtlebot_nav', undefined, 'Set Frame Rate = 50 on "Global Options"'],
    ['Die Tiefenpunkte sind viel zu klein, mach sie 4 Pixel groß', 'turtlebot_nav', undefined, 'Set Size (Pixels) = 4 on "Depth Cloud"'],
    ['desliga o Eyes e o Swarm, mas o Window fica', 'turtlebot_nav', 'nav-kiosk.rviz', 'Hide "Swarm"'],
    ['quítale la elipse de covarianza a la pose de AMCL, pero deja la flecha', 'turtlebot_nav', undefined, undefined],
    ['No quites el mapa, solo bájale la opacidad a 0.4', 'turtlebot_nav', undefined, 'Set Alpha = 0.4 on "Map"'],
    ['Il percorso globale è troppo sottile: portalo a 0.05', 'turtlebot_nav', undefined, 'Set Line Width = 0.05 on "Global Plan"'],
    ['Mach bei Tool Wrench die Kraftpfeile blau', 'manipulator', undefined, 'Set Force Color = 0; 0; 255 on "Tool Wrench"'],
    ['把工具上的力箭头改成红色', 'manipulator', undefined, 'Set Force Color = 255; 0; 0 on "Tool Wrench"'],
    ['Nascondi la mappa condivisa e fai il percorso di robot1 blu', 'multi_robot', 'fleet-groups.rviz', 'Hide "Shared Map"'],
    ['tira o modelo do robô da tela e deixa o TF mostrando os nomes dos frames', 'turtlebot_nav', undefined, 'Set Show Names = true on "TF"'],
    ['Scene は無効のままにして、Arm Frames にフレーム名を表示して', 'manipulator', 'arm-workcell.rviz', 'Set Show Names = true on "Arm Frames"'],
    ['我不需要看全局代价地图了，局部的留着', 'turtlebot_nav', undefined, 'Hide "Global Costmap"'],
  ] as const)('"%s"', async (request, scenario, config, action) => {
    const r = await planOnScenario(scenario, request, config);
    if (action) expect(r.actions).toContain(action);
    else expect(r.notes.join(' | ')).toMatch(/read as Spanish: ".*\bbut keep\b/);
  });
});

describe('a sign and a verb form written out', () => {
  it('reads "auf -3" after "Setz" as a value refused with its range, and "absichtlich" as on purpose', async () => {
    expect((await planOnScenario('qos_traps', 'Setz die Decay Time vom Laser auf -3', 'traps-faults.rviz')).notes.join(' | ')).toMatch(/Decay Time takes 0 or more/);
    expect((await planOnScenario('turtlebot_nav', 'Route bleibt absichtlich aus, bitte nicht einschalten. Stell den Fixed Frame auf map.', 'nav-desk-camera.rviz')).actions).toEqual(['Set the fixed frame to map']);
  });
});

describe('word order and sentence ends of other languages', () => {
  it('reads a display\'s two-word name the other way round from es/fr/it/pt ("el brazo UR", "los frames del brazo")', async () => {
    expect((await planOnScenario('manipulator', 'haz el brazo UR un 50% transparente y oculta los frames del brazo', 'arm-workcell.rviz')).actions).toEqual(['Set Alpha = 0.5 on "UR Arm"', 'Hide "Arm Frames"']);
  });

  it('ends a Japanese sentence at 。, so "そのままでいい" keeps only what follows it', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Fogの点をもう少し小さくして。Eyesはそのままでいい', 'nav-kiosk.rviz')).actions).toEqual(['Set Size (m) = 0.01 on "Fog"']);
  });

  it.each([
    ['porta lo zoom della Front View a 2', 'turtlebot_nav', 'nav-desk-camera.rviz', 'Set Zoom Factor = 2 on "Front View"'],
    ["rendi il footprint rosso e la posa AMCL un po' più trasparente", 'turtlebot_nav', undefined, 'Set Alpha = 0.5 on "AMCL Pose"'],
    ['把激光点的大小加倍，衰减时间设为3秒', 'turtlebot_nav', undefined, 'Set Size (m) = 0.06 on "LaserScan"'],
    ["Il modello del robot è troppo opaco: porta l'alpha a 0,6, ma lascia stare la nuvola di profondità.", 'manipulator', undefined, 'Set Alpha = 0.6 on "RobotModel"'],
    ['rends le nuage de points un peu moins gros', 'manipulator', undefined, 'Set Size (Pixels) = 1.5 on "Depth Cloud"'],
    ['no toques el mapa estático; solo baja un poquito la opacidad del costmap global', 'turtlebot_nav', 'nav-nested.rviz', 'Set Alpha = 0.15 on "Global Costmap"'],
    ['aumenta a escala das setas de torque para 1 e dobra a largura da seta', 'manipulator', 'arm-sensor-bay.rviz', 'Set Arrow Width = 0.6 on "Wrist Load"'],
    ['Front Lidar の色は変えないで、点だけ少し大きくして', 'turtlebot_nav', 'nav-nested.rviz', 'Set Size (m) = 0.06 on "Front Lidar"'],
    ['地图订阅改成 transient local，队列深度设成1', 'qos_traps', undefined, 'Set Topic/Depth = 1 on "Map"'],
    ['Floor Grid halb so viele Zellen, Farbe unverändert', 'big_graph', 'gateway-ops.rviz', 'Set Plane Cell Count = 5 on "Floor Grid"'],
    ['Não esconde o mapa não! Só quero ele menos opaco', 'multi_robot', undefined, 'Set Alpha = 0.35 on "Map"'],
  ] as const)('"%s"', async (request, scenario, config, action) => {
    expect((await planOnScenario(scenario, request, config)).actions).toContain(action);
  });
});

describe('words at the end of a clause, and phrases of several words', () => {
  it('German "weg" ending a clause is off; a capitalised "Weg" stays the path', async () => {
    expect(read('Zeig die TF-Namen an, die Achsen aber weg')).toBe('show TF names , axes but off');
    expect(await plan('manipulator', 'Zeig die TF-Namen an, die Achsen aber weg')).toEqual(['set_property TF Show Names true', 'set_property TF Show Axes false']);
    expect(read('Zeig den Weg')).toBe('show path');
  });

  it('Portuguese "deixa só as últimas 10" keeps only the last 10', () => {
    expect(read('liga o Wheel Odom e deixa só as últimas 10')).toBe('turn on Wheel odom and keep only last 10');
  });

  it('Spanish "la nube de puntos de la cámara de profundidad" is the depth camera\'s cloud, not a Depth Cloud and a camera', async () => {
    expect(await plan('turtlebot_nav', 'quita la nube de puntos de la cámara de profundidad')).toEqual(['remove_display Depth Cloud']);
  });
});

describe('colloquial negation and "the same" in other languages', () => {
  it('French "je veux plus voir" (no "ne") hides; German "nicht rot, sondern grün" is green', async () => {
    expect(await plan('turtlebot_nav', 'je veux plus voir la grille')).toEqual(['set_enabled Grid false']);
    expect(await plan('turtlebot_nav', 'Mach den Laser nicht rot, sondern grün')).toEqual(['set_property LaserScan Color 0; 255; 0', 'set_property LaserScan Color Transformer FlatColor']);
  });

  it('Chinese "共享地图" is the shared map and "纯绿色" plain green; Spanish "¿me lo arreglas?" asks for the repair', async () => {
    expect(read('共享地图的不透明度调到40%')).toMatch(/^shared map /);
    expect(read('把颜色改成纯绿色')).toBe('colour set to green');
    expect(read('el mapa no aparece nunca, ¿me lo arreglas?')).toMatch(/fix \?$/);
  });
});

describe('wishes not to see, in Chinese and German', () => {
  it('Chinese "不用显示了" hides; German "brauch ich nicht mehr … aber schon" hides the one and keeps the other', async () => {
    expect(await plan('turtlebot_nav', '深度点云不用显示了')).toEqual(['set_enabled Depth Cloud false']);
    expect(await plan('manipulator', 'Das Gitter brauch ich nicht mehr, die Punktwolke aber schon')).toEqual(['set_enabled Grid false']);
  });
});
