import type { Language } from '@loyalty/contracts';

/** The product's own Terms of Service and Privacy Policy, in the portal's three languages. */
export type LegalPage = 'terms' | 'privacy';
type Text = { title: string; updated: string; sections: [heading: string, body: string][] };

export const LEGAL_TEXTS: Record<LegalPage, Record<Language, Text>> = {
  terms: {
    en: {
      title: 'Terms of Service',
      updated: 'These terms apply to every business that registers on this Loyalty Portal.',
      sections: [
        [
          'The service',
          'The portal lets a business run a membership and loyalty programme: team users, members, tiers, points, wallet cards and a join page for its customers.',
        ],
        [
          'Your account',
          'You register with your e-mail and verify your phone. Keep your sign-in details to yourself; you are responsible for what your team users do in your business.',
        ],
        [
          'Your customers',
          'You decide what your programme offers and you answer to your customers for it. Collect only the details you need, give your own terms link on the join page when you have terms, and honour a customer who asks for their data or to be removed.',
        ],
        [
          'Acceptable use',
          'Do not use the portal to send unsolicited messages, to break the law or to harm the service or other businesses.',
        ],
        [
          'Availability and changes',
          'We work to keep the portal available and your data safe, but we cannot promise it will never be interrupted. We may change these terms; we will say so on this page.',
        ],
        ['Ending', 'You may stop using the portal at any time. We may suspend a business that breaks these terms.'],
      ],
    },
    'zh-Hant': {
      title: '服務條款',
      updated: '本條款適用於在此會員平台註冊的每一家商戶。',
      sections: [
        ['服務內容', '本平台讓商戶經營會員及積分計劃：團隊用戶、會員、等級、積分、電子錢包卡，以及供顧客加入的頁面。'],
        ['您的帳戶', '您以電郵註冊並驗證電話號碼。請妥善保管登入資料；您須為團隊用戶在您商戶內的行為負責。'],
        [
          '您的顧客',
          '您決定會員計劃提供的內容，並就此向顧客負責。請只收集所需資料；如有條款，請在加入頁面提供條款連結；顧客要求取得或刪除其資料時，請予以處理。',
        ],
        ['使用規範', '不得利用本平台發送未經同意的訊息、觸犯法律，或損害本服務及其他商戶。'],
        [
          '服務供應及修改',
          '我們致力保持平台運作及資料安全，但不能保證服務永不中斷。我們可能修改本條款，並會在此頁公布。',
        ],
        ['終止', '您可隨時停止使用本平台。商戶違反本條款時，我們可暫停其使用。'],
      ],
    },
    'zh-Hans': {
      title: '服务条款',
      updated: '本条款适用于在此会员平台注册的每一家商户。',
      sections: [
        ['服务内容', '本平台让商户经营会员及积分计划：团队用户、会员、等级、积分、电子钱包卡，以及供顾客加入的页面。'],
        ['您的账户', '您以电子邮件注册并验证电话号码。请妥善保管登录信息；您须为团队用户在您商户内的行为负责。'],
        [
          '您的顾客',
          '您决定会员计划提供的内容，并就此对顾客负责。请只收集所需信息；如有条款，请在加入页面提供条款链接；顾客要求获取或删除其数据时，请予以处理。',
        ],
        ['使用规范', '不得利用本平台发送未经同意的信息、违反法律，或损害本服务及其他商户。'],
        [
          '服务提供及修改',
          '我们致力保持平台运行及数据安全，但不能保证服务永不中断。我们可能修改本条款，并会在此页公布。',
        ],
        ['终止', '您可随时停止使用本平台。商户违反本条款时，我们可暂停其使用。'],
      ],
    },
  },
  privacy: {
    en: {
      title: 'Privacy Policy',
      updated: 'How this Loyalty Portal handles the personal data of team users and of the businesses’ customers.',
      sections: [
        [
          'What we keep',
          'For team users: name, e-mail, phone and the language chosen. For customers: the details the business or the customer entered (name, phone, optionally e-mail), their points, tier and wallet card.',
        ],
        [
          'Why',
          'Only to run the business’s programme: signing in, recognising a member at the counter, keeping points and updating wallet cards.',
        ],
        [
          'Who sees it',
          'The business’s own team users. Sign-in is handled by Firebase Authentication; wallet cards by Apple and Google when a customer adds one. We do not sell personal data.',
        ],
        [
          'How long',
          'As long as the business keeps the member. A customer can download their data and delete their card from their card page; a business can erase a member who asks at the counter.',
        ],
        [
          'Security',
          'Data travels encrypted, each business sees only its own, and every change is recorded in an audit trail.',
        ],
        [
          'Contact',
          'Questions about a programme go to the business that runs it; questions about the portal to its operator.',
        ],
      ],
    },
    'zh-Hant': {
      title: '私隱政策',
      updated: '本會員平台如何處理團隊用戶及商戶顧客的個人資料。',
      sections: [
        [
          '我們保存的資料',
          '團隊用戶：姓名、電郵、電話及所選語言。顧客：商戶或顧客輸入的資料（姓名、電話，以及可選的電郵）、積分、等級及電子錢包卡。',
        ],
        ['用途', '只用於經營商戶的會員計劃：登入、在櫃檯辨認會員、記錄積分及更新電子錢包卡。'],
        [
          '誰可查看',
          '只有該商戶的團隊用戶。登入由 Firebase Authentication 處理；顧客加入電子錢包卡時，則由 Apple 及 Google 處理。我們不會出售個人資料。',
        ],
        [
          '保存期限',
          '在商戶保留該會員期間保存。顧客可在其會員卡頁面下載資料及刪除會員卡；商戶亦可應顧客在櫃檯的要求刪除其資料。',
        ],
        ['安全', '資料以加密方式傳送，每家商戶只能查看自己的資料，每項更改均記錄在稽核紀錄中。'],
        ['聯絡', '有關會員計劃的查詢，請聯絡經營該計劃的商戶；有關本平台的查詢，請聯絡平台營運者。'],
      ],
    },
    'zh-Hans': {
      title: '隐私政策',
      updated: '本会员平台如何处理团队用户及商户顾客的个人信息。',
      sections: [
        [
          '我们保存的信息',
          '团队用户：姓名、电子邮件、电话及所选语言。顾客：商户或顾客输入的信息（姓名、电话，以及可选的电子邮件）、积分、等级及电子钱包卡。',
        ],
        ['用途', '只用于经营商户的会员计划：登录、在柜台识别会员、记录积分及更新电子钱包卡。'],
        [
          '谁可查看',
          '只有该商户的团队用户。登录由 Firebase Authentication 处理；顾客添加电子钱包卡时，则由 Apple 及 Google 处理。我们不会出售个人信息。',
        ],
        [
          '保存期限',
          '在商户保留该会员期间保存。顾客可在其会员卡页面下载数据及删除会员卡；商户也可应顾客在柜台的要求删除其信息。',
        ],
        ['安全', '数据以加密方式传输，每家商户只能查看自己的数据，每项更改均记录在审计记录中。'],
        ['联系', '有关会员计划的咨询，请联系经营该计划的商户；有关本平台的咨询，请联系平台运营者。'],
      ],
    },
  },
};
