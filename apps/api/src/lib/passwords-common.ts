/**
 * The most common passwords of at least 8 characters (shorter ones fail the length rule anyway), from the
 * public breach top lists (SecLists, NCSC top 100k head) plus the Russian keyboard favourites. Lower case.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y',
  '11111111', '00000000', '88888888', '87654321', '99999999', '55555555', '66666666', '77777777', '12341234',
  '11223344', '12121212', '123321123', '123454321', '123qweasd', '123qweasdzxc', '147258369', '159357159',
  '1qaz2wsx', '1qaz2wsx3edc', '1qazxsw2', 'zaq12wsx', 'zaq1zaq1', 'qwertyui', 'qwertyuiop', 'qwerty123',
  'qwerty1234', 'qwerty12345', 'qwe123qwe', 'qweasdzxc', 'qazwsxedc', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1',
  'zxcvbnm123', 'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football', 'baseball', 'welcome1', 'welcome123',
  'letmein1', 'superman', 'batman123', 'starwars', 'whatever', 'trustno1', 'dragon123', 'monkey123',
  'master123', 'michael1', 'jennifer', 'computer', 'internet', 'corvette', 'mercedes', 'mustang1',
  'abc12345', 'abcd1234', 'abcdefgh', 'aa123456', 'a1234567', 'a12345678', 'qwerty12', 'q1w2e3r4',
  'q1w2e3r4t5', 'q1w2e3r4t5y6', 'admin123', 'administrator', 'changeme', 'default1', 'secret123',
  'test1234', 'testtest', 'user1234', 'login123', 'pass1234', 'samsung1', 'google123', 'microsoft',
  'minecraft', 'pokemon1', 'liverpool', 'chelsea1', 'arsenal1', 'barcelona', 'manchester', 'blink182',
  // Russian favourites typed on a Latin layout (йцукен…, пароль, ...).
  'qwertyuiop[]', 'ytdthysq', 'gfhjkm123', 'gfhjkmgfhjkm', 'parol123', 'parol1234', 'privet123',
  'lubimaya', 'lyubov123', 'natasha1', 'nikita123', 'maksim123', 'dmitriy1', 'vladimir', 'aleksandr',
  'alexander', 'kristina', 'svetlana', 'tatyana1', 'marina123', 'zenit1925', 'spartak1', 'spartak1922',
  'cska1911', 'moskva123', 'rossiya1', 'russia123', 'kotenok1', 'solnyshko', 'zvezda123',
  // Cyrillic as typed.
  'йцукенгш', 'йцукенгшщз', 'пароль123', 'пароль1234', 'парольпароль', 'любовь123', 'привет123',
  'qwertyqwerty', 'asdasdasd', 'zxczxczxc', 'qweqweqwe', 'asdfasdf', 'asdf1234', 'zxcv1234', 'qwer1234',
  'podbor123', 'podbor2024', 'avtozapchasti',
]);
