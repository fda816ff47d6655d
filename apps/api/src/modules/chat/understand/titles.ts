/**
 * Titles of well-known films as they were released in Spanish, French, German, Italian and
 * Portuguese (Brazil), for "algo como El Padrino", "qualcosa tipo Il Padrino". The catalog knows
 * films by their English and original titles only; these are the best-known films' local names
 * (TMDB id → names), so that "like X" typed in another language finds the film. A name that is
 * the same in English needs no row.
 */
export const LOCAL_TITLES: [number, string[]][] = [
  [238, ['El padrino', 'Le Parrain', 'Der Pate', 'Il padrino', 'O Poderoso Chefão', 'O Padrinho']],
  [
    240,
    [
      'El padrino II',
      'El padrino: parte II',
      'Le Parrain II',
      'Der Pate II',
      'Il padrino - Parte II',
      'O Poderoso Chefão II',
    ],
  ],
  [
    129,
    [
      'El viaje de Chihiro',
      'Le Voyage de Chihiro',
      'Chihiros Reise ins Zauberland',
      'Chihiros Reise',
      'La città incantata',
      'A Viagem de Chihiro',
    ],
  ],
  [578, ['Tiburón', 'Les Dents de la mer', 'Der weiße Hai', 'Lo squalo', 'Tubarão']],
  [
    105,
    [
      'Regreso al futuro',
      'Volver al futuro',
      'Retour vers le futur',
      'Zurück in die Zukunft',
      'Ritorno al futuro',
      'De Volta para o Futuro',
    ],
  ],
  [
    278,
    [
      'Cadena perpetua',
      'Sueño de fuga',
      'Les Évadés',
      'Die Verurteilten',
      'Le ali della libertà',
      'Um Sonho de Liberdade',
    ],
  ],
  [
    771,
    [
      'Solo en casa',
      'Mi pobre angelito',
      "Maman, j'ai raté l'avion",
      'Kevin allein zu Haus',
      "Mamma, ho perso l'aereo",
      'Esqueceram de Mim',
      'Sozinho em Casa',
    ],
  ],
  [
    11,
    [
      'La guerra de las galaxias',
      'La Guerre des étoiles',
      'Krieg der Sterne',
      'Guerre stellari',
      'Guerra nas Estrelas',
    ],
  ],
  [8587, ['El rey león', 'Le Roi lion', 'Der König der Löwen', 'Il re leone', 'O Rei Leão']],
  [
    12,
    [
      'Buscando a Nemo',
      'Le Monde de Nemo',
      'Findet Nemo',
      'Alla ricerca di Nemo',
      'Procurando Nemo',
      'À Procura de Nemo',
    ],
  ],
  [
    109445,
    [
      'Frozen: el reino del hielo',
      'La Reine des neiges',
      'Die Eiskönigin',
      'Frozen - Il regno di ghiaccio',
      'Frozen: Uma Aventura Congelante',
    ],
  ],
  [
    274,
    [
      'El silencio de los corderos',
      'El silencio de los inocentes',
      'Le Silence des agneaux',
      'Das Schweigen der Lämmer',
      'Il silenzio degli innocenti',
      'O Silêncio dos Inocentes',
    ],
  ],
  [550, ['El club de la pelea', 'El club de la lucha', 'Clube da Luta']],
  [27205, ['Origen', 'El origen', 'A Origem']],
  [424, ['La lista de Schindler', 'La Liste de Schindler', 'Schindlers Liste', 'A Lista de Schindler']],
  [98, ['Gladiador', 'Gladiateur', 'Il gladiatore']],
  [14160, ['Up: una aventura de altura', 'Là-haut', 'Oben', 'Up - Altas Aventuras']],
  [150540, ['Intensa-Mente', 'Del revés', 'Vice-versa', 'Alles steht Kopf', 'Divertida Mente']],
  [
    155,
    [
      'El caballero oscuro',
      'Batman: el caballero de la noche',
      'Le Chevalier noir',
      'Il cavaliere oscuro',
      'O Cavaleiro das Trevas',
    ],
  ],
  [807, ['Seven', 'Sieben', 'Seven - Os Sete Crimes Capitais']],
  [
    120,
    [
      'El señor de los anillos',
      'La comunidad del anillo',
      'Le Seigneur des anneaux',
      'Der Herr der Ringe',
      'Il Signore degli Anelli',
      'O Senhor dos Anéis',
    ],
  ],
  [
    671,
    [
      'Harry Potter y la piedra filosofal',
      "Harry Potter à l'école des sorciers",
      'Harry Potter und der Stein der Weisen',
      'Harry Potter e la pietra filosofale',
      'Harry Potter e a Pedra Filosofal',
    ],
  ],
  [
    601,
    [
      'E.T., el extraterrestre',
      "E.T. l'extra-terrestre",
      'E.T. - Der Außerirdische',
      "E.T. l'extra-terrestre",
      'E.T. - O Extraterrestre',
    ],
  ],
  [329, ['Parque Jurásico', 'Jurassic Park']],
  [218, ['Terminator']],
  [
    280,
    [
      'Terminator 2: el juicio final',
      'Terminator 2 : Le Jugement dernier',
      'Terminator 2 - Tag der Abrechnung',
      'Terminator 2 - Il giorno del giudizio',
      'O Exterminador do Futuro 2',
    ],
  ],
  [
    85,
    [
      'En busca del arca perdida',
      "Les Aventuriers de l'arche perdue",
      'Jäger des verlorenen Schatzes',
      "I predatori dell'arca perduta",
      'Os Caçadores da Arca Perdida',
      'Indiana Jones',
    ],
  ],
  [694, ['El resplandor', 'Shining', 'O Iluminado']],
  [10681, ['WALL-E']],
  [585, ['Monstruos, S.A.', 'Monstres et Cie', 'Die Monster AG', 'Monsters & Co.', 'Monstros S.A.']],
  [603, ['Matrix']],
  [680, ['Tiempos violentos']],
  [
    1891,
    [
      'El imperio contraataca',
      "L'Empire contre-attaque",
      'Das Imperium schlägt zurück',
      "L'Impero colpisce ancora",
      'O Império Contra-Ataca',
    ],
  ],
  [157336, ['Interestelar']],
  [76341, ['Mad Max: Furia en la carretera', 'Mad Max: Estrada da Fúria']],
  [
    62,
    [
      '2001: Una odisea del espacio',
      "2001, l'Odyssée de l'espace",
      '2001: Odyssee im Weltraum',
      '2001: Odissea nello spazio',
      '2001: Uma Odisseia no Espaço',
    ],
  ],
  [
    1124,
    [
      'El truco final',
      'El gran truco',
      'Le Prestige',
      'Prestige',
      'The Prestige - Die Meister der Magie',
      'O Grande Truque',
    ],
  ],
  [11324, ['La isla siniestra', 'Shutter Island', 'Ilha do Medo']],
  [
    489,
    [
      'El indomable Will Hunting',
      'En busca del destino',
      'Will Hunting',
      'Der gute Will Hunting',
      'Genio ribelle',
      'Gênio Indomável',
    ],
  ],
  [13, ['Forrest Gump']],
];
